/**
 * What only the dialogs need, loaded at the first dialog: the dialogs themselves, their Shoelace
 * parts and the date formats of the history. The list draws without them (90 KB budget).
 */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';

export { ConvertDialog, FollowUpDialog, LeadDialog } from './dialogs';
export { AssignDialog } from '../core/ui/assign-dialog';
