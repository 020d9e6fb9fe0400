/** What only 完成任务 needs, loaded when it first opens: the page draws without it (widget size budget). */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';

export { FinishDialog } from './FinishDialog';
