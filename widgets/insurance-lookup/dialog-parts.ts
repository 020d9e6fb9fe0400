/**
 * What only the dialogs need, loaded at the first dialog: the dialogs themselves and their Shoelace
 * parts. The pipeline draws without them (90 KB budget).
 */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';

export { FollowUpDialog } from './dialogs';
export { AssignDialog } from '../core/ui/assign-dialog';
