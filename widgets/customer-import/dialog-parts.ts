/**
 * The Shoelace parts only the dialogs use (保存为预设, 取消导入), loaded at the first dialog: the
 * page draws without them, which keeps the widget alone on a page within its 90 KB.
 */
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
