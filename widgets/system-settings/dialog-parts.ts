/** The Shoelace parts only the ERP dialogs use, loaded at the first dialog (keeps the page light). */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
