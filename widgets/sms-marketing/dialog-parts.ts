/** Shoelace parts only the dialogs use (template editor, delete, cancel a campaign), loaded with the first dialog opened. */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
