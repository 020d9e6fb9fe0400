import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SlAvatar, SlDivider, SlDropdown, SlIcon, SlMenu, SlMenuItem, SlMenuLabel, SlTag } from '../ui';
import { bootstrap, logout, session, setGarageList, setStoreList, toast, useValue } from '../core';
import { hostApi } from '../api';
import { HOME_PATH, LOGIN_PATH } from '../routes';
import { resetTabs } from '../tabs';
import { messages } from '../messages';
import { MenuIcon } from './MenuIcon';
import { useArmedMenu } from './armedMenu';

const PasswordDialog = lazy(() => import('./PasswordDialog').then((module) => ({ default: module.PasswordDialog })));

const text = messages.topBar;

function GarageSwitcher() {
  const navigate = useNavigate();
  const garages = useValue(session.garageList);
  const garageName = useValue(session.garageName);
  const isHeadquarters = useValue(session.isHeadquarters);
  const current = garages.find((garage) => garage.selected);

  const refresh = () => hostApi.switchableGarages().then(setGarageList, () => undefined);
  const { armed, arm, triggerProps } = useArmedMenu();

  return (
    <SlDropdown distance={6} onSlShow={() => { arm(); void refresh(); }} className="top-bar__switcher" data-testid="garage-switcher">
      <button slot="trigger" type="button" className="top-bar__trigger" {...triggerProps}>
        <MenuIcon name="building" />
        <span className="visually-hidden">{text.garage}：</span>
        <span className="top-bar__trigger-text">{current?.name || garageName || messages.brand}</span>
        {isHeadquarters && <SlTag size="small" variant="primary" pill>{text.headquarters}</SlTag>}
        <MenuIcon name="chevron-down" className="top-bar__caret" />
      </button>
      <SlMenu
        onSlSelect={async (event) => {
          const garage = garages.find((g) => String(g.id) === event.detail.item.value);
          if (!garage || garage.selected) return;
          try {
            await hostApi.switchGarage(garage.id);
          } catch {
            return; // the core showed the server's message
          }
          await bootstrap();
          resetTabs();
          toast.success(text.garageSwitched(garage.name));
          navigate(HOME_PATH);
        }}
      >
        {armed && <SlMenuLabel>{text.garage}</SlMenuLabel>}
        {armed && garages.map((garage) => (
          <SlMenuItem key={garage.id} value={String(garage.id)} type="checkbox" checked={garage.selected}>
            {garage.name}
            {garage.isHq && <SlTag slot="suffix" size="small" variant="primary" pill>{text.headquarters}</SlTag>}
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlDropdown>
  );
}

const ALL_STORES = '*';

function StoreSwitcher() {
  const stores = useValue(session.storeList);
  const current = useValue(session.currentStore);
  const dataScope = useValue(session.dataScope);
  const allSelected = stores.length > 1 && stores.every((store) => store.selected);
  const label = allSelected ? text.allStores : current?.name || text.noStore;
  const mayPickAll = dataScope === 1 && stores.length > 1;

  const refresh = () => hostApi.storeCounts().then(setStoreList, () => undefined);
  const { armed, arm, triggerProps } = useArmedMenu();

  return (
    <SlDropdown distance={6} onSlShow={() => { arm(); void refresh(); }} className="top-bar__switcher" data-testid="store-switcher">
      <button slot="trigger" type="button" className="top-bar__trigger" {...triggerProps}>
        <MenuIcon name="shop-window" />
        <span className="visually-hidden">{text.store}：</span>
        <span className="top-bar__trigger-text">{label}</span>
        <MenuIcon name="chevron-down" className="top-bar__caret" />
      </button>
      <SlMenu
        onSlSelect={async (event) => {
          const value = event.detail.item.value;
          const codes = value === ALL_STORES ? stores.map((store) => store.code) : [value];
          try {
            await hostApi.selectStores(codes);
          } catch {
            return;
          }
          await refresh();
          const name = value === ALL_STORES ? text.allStores : stores.find((store) => store.code === value)?.name ?? '';
          toast.success(text.storeSwitched(name));
        }}
      >
        {armed && <SlMenuLabel>{text.store}</SlMenuLabel>}
        {armed && mayPickAll && (
          <SlMenuItem value={ALL_STORES} type="checkbox" checked={allSelected}>
            {text.allStores}
            <span slot="suffix" className="top-bar__count">{text.customers(stores.reduce((sum, s) => sum + s.number, 0))}</span>
          </SlMenuItem>
        )}
        {armed && stores.map((store) => (
          <SlMenuItem key={store.code} value={store.code} type="checkbox" checked={!allSelected && store.selected}>
            {store.name}
            <span slot="suffix" className="top-bar__count">{text.customers(store.number)}</span>
          </SlMenuItem>
        ))}
      </SlMenu>
    </SlDropdown>
  );
}

function UserMenu() {
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  // The dialog's code and elements arrive with its first opening.
  const [passwordDialogWanted, setPasswordDialogWanted] = useState(false);
  const nickName = useValue(session.nickName);
  const { armed, arm, triggerProps } = useArmedMenu();
  // An admin's one-time password (权限管理) is in use: the server answers nothing else, so the
  // dialog opens at once and stays until it is changed or the user signs out.
  const mustChangePassword = useValue(session.mustChangePassword);
  useEffect(() => {
    if (!mustChangePassword) return;
    setPasswordDialogWanted(true);
    setChangingPassword(true);
  }, [mustChangePassword]);

  /**
   * 退出登录 ends the token on the server and leaves for a plain /login (the next person may be
   * someone else). A password change already revoked it, and the same person signs in again at
   * once: they come back to the page they were on (?redirect, as after an expired session).
   */
  const signOut = async (afterPasswordChange = false) => {
    const here = `${window.location.pathname}${window.location.search}`;
    // Leaving must work even when the server does not answer.
    if (!afterPasswordChange) await hostApi.logout().catch(() => undefined);
    logout();
    resetTabs();
    navigate(afterPasswordChange ? `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}` : LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <SlDropdown distance={6} placement="bottom-end" data-testid="user-menu" onSlShow={arm}>
        <button slot="trigger" type="button" className="top-bar__trigger top-bar__user" {...triggerProps}>
          <span className="visually-hidden">用户菜单：</span>
          <SlAvatar initials={(nickName || '我').slice(0, 1)} label={nickName} className="top-bar__avatar" />
          <span className="top-bar__trigger-text">{nickName}</span>
          <MenuIcon name="chevron-down" className="top-bar__caret" />
        </button>
        <SlMenu
          onSlSelect={(event) => {
            const action = event.detail.item.value;
            if (action === 'password') {
              setPasswordDialogWanted(true);
              setChangingPassword(true);
            }
            if (action === 'help') navigate('/helps');
            if (action === 'plugins') navigate('/plugins');
            if (action === 'logout') signOut();
          }}
        >
          {armed && (
            <>
              <SlMenuItem value="password"><SlIcon slot="prefix" name="key" />{text.changePassword}</SlMenuItem>
              <SlMenuItem value="help"><SlIcon slot="prefix" name="question-circle" />{text.help}</SlMenuItem>
              <SlMenuItem value="plugins"><SlIcon slot="prefix" name="plug" />{text.plugins}</SlMenuItem>
              <SlDivider />
              <SlMenuItem value="logout"><SlIcon slot="prefix" name="box-arrow-right" />{text.logout}</SlMenuItem>
            </>
          )}
        </SlMenu>
      </SlDropdown>
      {passwordDialogWanted && (
        <Suspense fallback={null}>
          <PasswordDialog
            oneTime={mustChangePassword}
            open={changingPassword}
            onClose={() => (mustChangePassword ? signOut() : setChangingPassword(false))}
            onChanged={() => signOut(true)}
          />
        </Suspense>
      )}
    </>
  );
}

/** `onOpenMenu` is given at phone width, where the menu is a drawer behind the top bar's first button. */
export function TopBar({ title, group, onOpenMenu, menuOpen = false }: { title?: string; group?: string; onOpenMenu?: () => void; menuOpen?: boolean }) {
  return (
    <header className="top-bar">
      {onOpenMenu && (
        <button type="button" className="top-bar__menu" aria-expanded={menuOpen} onClick={onOpenMenu}>
          <MenuIcon name="list" />
          <span className="visually-hidden">{messages.menu.open}</span>
        </button>
      )}
      <div className="top-bar__title">
        {group && <span className="top-bar__group">{group}</span>}
        {group && title && <MenuIcon name="chevron-right" className="top-bar__separator" />}
        {title && <h1>{title}</h1>}
      </div>
      <div className="top-bar__actions">
        <GarageSwitcher />
        <StoreSwitcher />
        <span className="top-bar__divider" aria-hidden="true" />
        <UserMenu />
      </div>
    </header>
  );
}
