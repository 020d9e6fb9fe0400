import type { Preview } from '@storybook/react-vite';
import manifest from 'virtual:garage-custom-elements';
import { customElementArgTypes } from './custom-elements';

/**
 * The canvas stays an ordinary English page on purpose: every widget must bring its own styles and
 * its own lang="zh-cn", exactly as on a partner's site.
 */
const preview: Preview = {
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
    backgrounds: {
      options: {
        page: { name: '页面', value: '#f4f5f7' },
        white: { name: '白色', value: '#ffffff' },
      },
    },
  },
  initialGlobals: { backgrounds: { value: 'page' } },
  // A story with `parameters: { customElement: 'garage-…' }` documents that element's attributes and events.
  argTypesEnhancers: [customElementArgTypes(manifest)],
};

export default preview;
