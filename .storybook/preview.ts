import type { Preview } from '@storybook/react-vite';

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
};

export default preview;
