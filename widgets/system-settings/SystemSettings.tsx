import { useCallback, useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/switch/switch.js';
import { applyGarageModule, bootstrap, hasPermission, session, toast, useValue, type WidgetProps } from '../core';
import { Permission } from '../../contracts/permissions';
import { settingsApi, type Flag, type GarageSettings } from './api';
import { messages } from './messages';
import { ErpSection } from './Erp';
import { WecomSection } from './Wecom';
import { PhoneLinesSection } from './PhoneLines';

// isShowAll and salesman are stored and reach the session (PUT /garageModule/flags) but no screen uses
// them yet (customers have no 负责人): they appear here with the feature that applies them (DECISIONS.md).
const FLAGS: Flag[] = ['isShowPrice', 'isShowPhone', 'isShowDiagnostic'];
const PAGE_SIZES = [10, 20, 50, 100];

export interface SystemSettingsProps {
  /** `phone-lines`: only 电话线路 (its own page, for whoever holds 网络电话); unset: the whole 系统设置. */
  view?: string;
}

export function SystemSettings(props: SystemSettingsProps & WidgetProps) {
  const token = useValue(session.usertoken);
  if (props.view === 'phone-lines') return <PhoneLinesSection token={token} />;
  return <Settings host={props.host} />;
}

function Settings({ host }: WidgetProps) {
  const token = useValue(session.usertoken);
  const garageName = useValue(session.garageName);
  useValue(session.userPermissions); // re-render when permissions arrive
  const mayChange = hasPermission(Permission.settingsCentre);
  const [settings, setSettings] = useState<GarageSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!token) return;
    setFailed(false);
    settingsApi.load().then(setSettings, () => setFailed(true));
  }, [token]);
  useEffect(() => {
    void bootstrap({ once: true });
    load();
  }, [load]);

  /** Saves one change; the answer is the garage's settings, applied to this page's session at once. */
  const save = async (what: string, change: () => Promise<GarageSettings>, done: string) => {
    setSaving(what);
    try {
      const answer = await change();
      setSettings(answer);
      applyGarageModule(answer);
      toast.success(done);
    } catch {
      load(); // toasted by the core; the switch shows what the server has
    } finally {
      setSaving(null);
    }
  };

  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  return (
    <div className="settings">
      <header>
        <h2>{messages.title}</h2>
        <p className="muted">{messages.subtitle(garageName || '当前门店')}</p>
        {mayChange ? null : <p className="note" role="note">{messages.readOnly}</p>}
      </header>
      <section aria-labelledby="display-title">
        <h3 id="display-title">{messages.display}</h3>
        <ul className="rows" aria-busy={settings === null}>
          {FLAGS.map((flag) => (
            <li key={flag} className="row" data-setting={flag}>
              <div className="text">
                <span className="label" aria-hidden="true">{messages.flags[flag].label}</span>
                <span className="help">{messages.flags[flag].help}</span>
              </div>
              <sl-switch checked={settings?.[flag] ?? false}
                disabled={!settings || !mayChange || saving === flag}
                onsl-change={(event: Event) => {
                  const on = (event.target as HTMLInputElement).checked;
                  void save(flag, () => settingsApi.change(flag, on), messages.saved(messages.flags[flag].label, on));
                }}>
                {/* The switch's name is its slot (Shoelace), hidden: the row already shows it. */}
                <span className="visually-hidden">{messages.flags[flag].label}</span>
              </sl-switch>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="table-title">
        <h3 id="table-title">{messages.table}</h3>
        <ul className="rows">
          <li className="row" data-setting="pageSize">
            <div className="text">
              <span className="label">{messages.pageSizeTitle}</span>
              <span className="help">{messages.pageSizeHelp}</span>
            </div>
            <sl-select size="small" label={messages.pageSizeShort} className="page-size" value={String(settings?.pageSize ?? 10)}
              disabled={!settings || saving === 'pageSize'}
              onsl-change={(event: Event) => {
                const size = Number((event.target as HTMLSelectElement).value);
                if (size && size !== settings?.pageSize) void save('pageSize', () => settingsApi.pageSize(size), messages.pageSizeSaved(size));
              }}>
              {PAGE_SIZES.map((size) => <sl-option key={size} value={String(size)}>{messages.pageSizeOption(size)}</sl-option>)}
            </sl-select>
          </li>
        </ul>
      </section>
      {/* ERP bindings need 设置中心 on the server too; others do not see the section. */}
      {mayChange ? <ErpSection token={token} /> : null}
      {/* Everybody sees whether WeCom is set up; the sync buttons need 设置中心 (so does the server). */}
      <WecomSection token={token} mayChange={mayChange} host={host} />
    </div>
  );
}
