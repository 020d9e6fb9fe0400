import { useNavigate } from 'react-router';
import { useValue } from '../core';
import { SlDropdown, SlIcon, SlIconButton, SlMenu, SlMenuItem } from '../ui';
import { closeOtherTabs, closeTab, isPinned, openTabs, refreshTab } from '../tabs';
import { messages } from '../messages';
import { useArmedMenu } from './armedMenu';

/** The tab bar of opened pages: switch, close, close others, refresh. */
export function TabBar({ activePath }: { activePath?: string }) {
  const navigate = useNavigate();
  const tabs = useValue(openTabs);
  const { armed, arm, triggerProps } = useArmedMenu();

  const close = (path: string) => {
    const next = closeTab(path);
    if (path === activePath) navigate(next);
  };

  return (
    <nav className="tab-bar" aria-label="已打开的页面">
      <div className="tab-bar__tabs">
        {tabs.map((tab) => {
          const active = tab.path === activePath;
          return (
            <div key={tab.path} className={`tab-bar__tab${active ? ' tab-bar__tab--active' : ''}`} data-tab-path={tab.path}>
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                className="tab-bar__title"
                onClick={() => navigate(tab.location)}
                onAuxClick={(event) => { if (event.button === 1 && !isPinned(tab.path)) close(tab.path); }}
              >
                {tab.title}
              </button>
              {!isPinned(tab.path) && (
                <SlIconButton
                  name="x-lg"
                  label={`${messages.tabs.close} ${tab.title}`}
                  className="tab-bar__close"
                  onClick={() => close(tab.path)}
                />
              )}
            </div>
          );
        })}
      </div>
      {activePath && (
        <SlDropdown placement="bottom-end" className="tab-bar__actions" onSlShow={arm}>
          <SlIconButton slot="trigger" name="chevron-down" label={messages.tabs.more} {...triggerProps} />
          <SlMenu
            onSlSelect={(event) => {
              const action = event.detail.item.value;
              if (action === 'refresh') refreshTab(activePath);
              if (action === 'close') close(activePath);
              if (action === 'close-others') closeOtherTabs(activePath);
            }}
          >
            {armed && (
              <>
                <SlMenuItem value="refresh"><SlIcon slot="prefix" name="arrow-clockwise" />{messages.tabs.refresh}</SlMenuItem>
                <SlMenuItem value="close" disabled={isPinned(activePath)}><SlIcon slot="prefix" name="x-lg" />{messages.tabs.close}</SlMenuItem>
                <SlMenuItem value="close-others"><SlIcon slot="prefix" name="layout-sidebar" />{messages.tabs.closeOthers}</SlMenuItem>
              </>
            )}
          </SlMenu>
        </SlDropdown>
      )}
    </nav>
  );
}
