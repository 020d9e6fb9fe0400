/** `import '../core/signed-out'` in a widget's index.ts: the widget shows 「请先登录」 while nobody is signed in. */
export { SignedOut } from './ui/signed-out';
