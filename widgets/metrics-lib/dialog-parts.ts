/**
 * The Shoelace parts only the dialogs use, loaded at the first dialog: the library draws without
 * them, which keeps the widget alone on a page within its 90 KB (tests/e2e/widget-size.test.ts).
 */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';
