/**
 * Shoelace for the host app beyond /login: the core's Shoelace part (translation, icon base path),
 * the icons we use (the light theme is CSS, loaded by main.tsx for every page).
 * Components register themselves when their React wrapper is imported (see ui.ts).
 * Icons are bundled instead of fetched from a base path, so the app works from any URL prefix and
 * offline, and the bundle only carries the few dozen icons the layout actually shows — and those the
 * customer list (the first page after login) shows at once, which were three fetches in its first paint.
 */
import '../../widgets/core/ui/shoelace';
import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js';
import { getBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';

const icons = import.meta.glob<string>(
  '../../node_modules/@shoelace-style/shoelace/dist/assets/icons/{house,speedometer2,display,people,person-lines-fill,car-front,tags,cloud-upload,person-plus,megaphone,chat-dots,collection,cart-plus,shield-check,file-earmark-text,graph-up,clipboard-data,file-bar-graph,bar-chart-line,gear,building,person-badge,shop,bag,box-seam,question-circle,chevron-down,chevron-left,chevron-right,x-lg,arrow-clockwise,box-arrow-right,key,person-circle,check2,check2-circle,clipboard,layout-sidebar,telephone,rocket-takeoff,lock,shield-lock,plug,code-slash,journal-text,lightning-charge,exclamation-triangle,arrow-left,stars,patch-check,headset,grid,shop-window,list-ul,list,search,bookmark-plus,layout-three-columns,exclamation-octagon,person-x,card-text,clock-history,slash-circle,person-check,pie-chart,file-earmark-arrow-up,percent}.svg',
  { query: '?raw', import: 'default', eager: true },
);

const iconByName = new Map(
  Object.entries(icons).map(([file, svg]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), svg]),
);

/** The SVG text of a bundled icon, for places that draw many at once (MenuIcon). */
export function iconSvg(name: string): string | undefined {
  return iconByName.get(name);
}

registerIconLibrary('default', {
  resolver: (name) => {
    const svg = iconByName.get(name);
    // Icons a widget uses beyond ours come from the asset base the core configured.
    return svg ? `data:image/svg+xml,${encodeURIComponent(svg)}` : getBasePath(`assets/icons/${name}.svg`);
  },
  mutator: (svg) => svg.setAttribute('fill', 'currentColor'),
});
