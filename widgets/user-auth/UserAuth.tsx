import { useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/tab-group/tab-group.js';
import '@shoelace-style/shoelace/dist/components/tab/tab.js';
import '@shoelace-style/shoelace/dist/components/tab-panel/tab-panel.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { session, toast, useValue, useBusyAction, useDialogClose, ConfirmDialog, DialogFooter, type WidgetProps, useLazyDialogs, usePageData } from '../core';
import { formatDateTime } from '../core/formats';
import { ALL_PERMISSIONS, DATA_SCOPE_NAMES, PERMISSION_NAMES, type PermissionId } from '../../contracts/permissions';
import { auditActionName } from '../../contracts/rules/audit';
import { USERNAME_PATTERN, USERNAME_RULE_TEXT } from '../../contracts/rules/authority';
import { isMobile } from '../../contracts/rules/mobile';
import { authorityApi, type AuditPage, type Role, type Staff, type StaffList } from './api';
import { messages } from './messages';

type Dialog =
  | { type: 'staff'; staff: Staff | null }
  | { type: 'role'; role: Role | null }
  | { type: 'password'; name: string; password: string }
  | { type: 'confirm'; title: string; text: string; label: string; action: () => Promise<void> }
  | null;

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

export function UserAuth(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const me = Number(useValue(session.userId));
  const [query, setQuery] = useState('');
  const { dialog, setDialog, close, closeIf, partsReady: dialogParts } = useLazyDialogs<NonNullable<Dialog>>(() => import('./dialog-parts'));
  const closers = useMemo(() => ({ staff: closeIf('staff'), role: closeIf('role'), password: closeIf('password'), confirm: closeIf('confirm') }), [closeIf]);

  const { data, failed, refused, load } = usePageData<StaffList>(token, () => authorityApi.list());

  const roleName = useMemo(() => new Map(data?.roles.map((role) => [role.id, role.name])), [data]);
  const storeName = useMemo(() => new Map(data?.stores.map((store) => [store.id, store.name])), [data]);
  const jobName = useMemo(() => new Map(data?.jobs.map((job) => [job.id, job.name])), [data]);
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    return (data?.staff ?? []).filter((person) => !words || `${person.nickName} ${person.username} ${person.phone}`.toLowerCase().includes(words));
  }, [data, query]);

  /** A staff action that may be refused (已被他人修改…): the list is read again either way. */
  const act = (action: () => Promise<unknown>, done: string) => async () => {
    try {
      await action();
      toast.success(done);
    } catch {
      /* toasted by the core (e.g. 已被他人修改，请刷新后再试) */
    } finally {
      load();
    }
  };

  if (refused) {
    return <div className="state" role="note"><p>{messages.notAdmin}</p></div>;
  }

  return (
    <div className="auth">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{messages.subtitle}</p>
        </div>
      </header>

      {failed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
        </div>
      ) : (
        <sl-tab-group>
          <sl-tab slot="nav" panel="staff">{messages.tabs.staff}</sl-tab>
          <sl-tab slot="nav" panel="roles">{messages.tabs.roles}</sl-tab>
          <sl-tab slot="nav" panel="audit">{messages.tabs.audit}</sl-tab>

          <sl-tab-panel name="staff">
            <div className="toolbar">
              <sl-input size="small" type="search" clearable label={messages.search} placeholder={messages.search} value={query} className="search"
                onsl-input={(event: Event) => setQuery(inputValue(event))}></sl-input>
              <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'staff', staff: null })}>
                <sl-icon slot="prefix" name="person-plus"></sl-icon>
                {messages.createStaff}
              </sl-button>
            </div>
            {data && shown.length === 0 ? <div className="state"><p>{messages.empty}</p></div> : null}
            <ul className="staff" aria-busy={data === null}>
              {shown.map((person) => (
                <li key={person.id} className={person.enabled ? 'person' : 'person off'} data-username={person.username}>
                  <div className="who">
                    <strong>{person.nickName}{person.id === me ? messages.self : ''}</strong>
                    <span className="muted small">{person.username}{person.jobId !== null && jobName.get(person.jobId) ? ` · ${jobName.get(person.jobId)}` : ''}</span>
                  </div>
                  <div className="phone figure">{person.phone || '—'}</div>
                  <div className="chips" aria-label={messages.columns.roles}>
                    {person.roleIds.map((id) => <sl-tag key={id} size="small" variant={person.isAdmin ? 'primary' : 'neutral'}>{roleName.get(id) ?? id}</sl-tag>)}
                  </div>
                  <div className="stores small" aria-label={messages.columns.stores}>
                    {person.storeIds.length ? person.storeIds.map((id) => storeName.get(id) ?? messages.closedStore).join('、') : messages.noStore}
                  </div>
                  <div className="status">
                    <Status person={person} />
                  </div>
                  <div className="actions">
                    {person.editable ? (
                      <>
                        <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'staff', staff: person })}>{messages.edit}</sl-button>
                        {person.locked ? (
                          <sl-button size="small" variant="text" onClick={act(() => authorityApi.unlock(person.id), messages.unlocked(person.nickName))}>{messages.unlock}</sl-button>
                        ) : null}
                        <sl-button size="small" variant="text" onClick={() => setDialog({
                          type: 'confirm', title: messages.resetTitle, text: messages.confirmReset(person.nickName), label: messages.resetPassword,
                          action: async () => {
                            const answer = await authorityApi.resetPassword(person.id, person.version);
                            load();
                            setDialog({ type: 'password', name: person.nickName, password: answer.oneTimePassword });
                          },
                        })}>{messages.resetPassword}</sl-button>
                        {person.id === me ? null : person.enabled ? (
                          <sl-button size="small" variant="text" className="danger" onClick={() => setDialog({
                            type: 'confirm', title: messages.disabledTitle, text: messages.confirmDisable(person.nickName), label: messages.disable,
                            action: async () => {
                              await act(() => authorityApi.setEnabled(person.id, person.version, false), messages.enabledDone(person.nickName, false))();
                              close();
                            },
                          })}>{messages.disable}</sl-button>
                        ) : (
                          <sl-button size="small" variant="text" onClick={act(() => authorityApi.setEnabled(person.id, person.version, true), messages.enabledDone(person.nickName, true))}>{messages.enable}</sl-button>
                        )}
                      </>
                    ) : (
                      <span className="muted small">{messages.readOnly}</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </sl-tab-panel>

          <sl-tab-panel name="roles">
            <Roles data={data} onEdit={(role) => setDialog({ type: 'role', role })} onDelete={(role) => setDialog({
              type: 'confirm', title: messages.deleteRoleTitle, text: messages.confirmDeleteRole(role.name), label: messages.deleteRole,
              action: async () => {
                await act(() => authorityApi.deleteRole(role.id, role.version), messages.saved(role.name))();
                close();
              },
            })} />
          </sl-tab-panel>

          <sl-tab-panel name="audit">
            <Audit token={token} />
          </sl-tab-panel>
        </sl-tab-group>
      )}

      {dialogParts ? <>
      <StaffDialog open={dialog?.type === 'staff'} staff={dialog?.type === 'staff' ? dialog.staff : null} data={data} onClose={closers.staff}
        onSaved={(created) => {
          load();
          setDialog(created ? { type: 'password', ...created } : null);
        }} />
      <RoleDialog open={dialog?.type === 'role'} role={dialog?.type === 'role' ? dialog.role : null} onClose={closers.role} onSaved={() => (load(), close())} />
      <PasswordDialog shown={dialog?.type === 'password' ? dialog : null} onClose={closers.password} />
      <ConfirmDialog item={dialog?.type === 'confirm' ? dialog : null} title={dialog?.type === 'confirm' ? dialog.title : ''} confirmLabel={dialog?.type === 'confirm' ? dialog.label : ''}
        text={(confirm) => confirm.text} action={(confirm) => confirm.action()} onClose={closers.confirm} />
      </> : null}
    </div>
  );
}

function Status({ person }: { person: Staff }) {
  if (!person.enabled) return <sl-tag size="small" variant="neutral">{messages.status.disabled}</sl-tag>;
  if (person.locked) return <sl-tag size="small" variant="danger">{messages.status.locked}</sl-tag>;
  if (person.mustChangePassword) return <sl-tag size="small" variant="warning">{messages.status.mustChange}</sl-tag>;
  return <sl-tag size="small" variant="success">{messages.status.enabled}</sl-tag>;
}

function Roles({ data, onEdit, onDelete }: { data: StaffList | null; onEdit(role: Role | null): void; onDelete(role: Role): void }) {
  const chainWide = useValue(session.dataScope) === 1;
  return (
    <>
      <div className="toolbar">
        {chainWide ? (
          <sl-button size="small" variant="primary" onClick={() => onEdit(null)}>
            <sl-icon slot="prefix" name="plus-lg"></sl-icon>
            {messages.createRole}
          </sl-button>
        ) : (
          <p className="muted small">{messages.rolesReadOnly}</p>
        )}
      </div>
      <div className="matrix-wrap">
        <table className="matrix">
          <caption className="visually-hidden">{messages.tabs.roles}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.fields.roleName}</th>
              <th scope="col">{messages.fields.dataScope}</th>
              {ALL_PERMISSIONS.map((id) => <th scope="col" key={id}>{PERMISSION_NAMES[id]}</th>)}
              <th scope="col"><span className="visually-hidden">{messages.columns.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {data?.roles.map((role) => (
              <tr key={role.id} data-role={role.name}>
                <th scope="row">
                  {role.name}
                  {role.builtIn ? <sl-tag size="small" variant="primary">{messages.builtIn}</sl-tag> : null}
                  <div className="muted small">{messages.staffCount(role.staffCount)}</div>
                </th>
                <td>{DATA_SCOPE_NAMES[role.dataScope]}</td>
                {ALL_PERMISSIONS.map((id) => {
                  const held = role.isAdmin || role.permissionIds.includes(id) || role.permissionIds.includes(-1);
                  return (
                    <td key={id} className={held ? 'yes' : 'no'}>
                      <sl-icon name={held ? 'check-lg' : 'dash'} label={`${PERMISSION_NAMES[id]}：${held ? '有' : '无'}`}></sl-icon>
                    </td>
                  );
                })}
                <td className="row-actions">
                  {chainWide && !role.builtIn ? (
                    <>
                      <sl-button size="small" variant="text" onClick={() => onEdit(role)}>{messages.edit}</sl-button>
                      <sl-button size="small" variant="text" className="danger" onClick={() => onDelete(role)}>{messages.deleteRole}</sl-button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Audit({ token }: { token: string }) {
  const [page, setPage] = useState(1);
  const [log, setLog] = useState<AuditPage | null>(null);
  useEffect(() => {
    if (token) authorityApi.audit(page).then(setLog, () => setLog({ total: 0, entries: [] }));
  }, [token, page]);
  const pages = Math.max(1, Math.ceil((log?.total ?? 0) / 20));
  if (log && log.entries.length === 0) return <div className="state"><p>{messages.auditEmpty}</p></div>;
  return (
    <>
      <ol className="audit">
        {log?.entries.map((entry) => (
          <li key={entry.id}>
            <span className="figure muted small">{formatDateTime(entry.at)}</span>
            <span><strong>{entry.actorName}</strong> {auditActionName(entry.action)} <strong>{entry.targetName}</strong></span>
            <span className="muted small figure">{entry.address}</span>
          </li>
        ))}
      </ol>
      <nav className="pager" aria-label={messages.tabs.audit}>
        <sl-button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{messages.previous}</sl-button>
        <span className="muted small">{messages.page(page, pages, log?.total ?? 0)}</span>
        <sl-button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{messages.next}</sl-button>
      </nav>
    </>
  );
}

function StaffDialog({ open, staff, data, onClose, onSaved }: {
  open: boolean;
  staff: Staff | null;
  data: StaffList | null;
  onClose(): void;
  onSaved(created?: { name: string; password: string }): void;
}) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [username, setUsername] = useState('');
  const [nickName, setNickName] = useState('');
  const [phone, setPhone] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [storeIds, setStoreIds] = useState<number[]>([]);
  const [jobId, setJobId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setUsername(staff?.username ?? '');
    setNickName(staff?.nickName ?? '');
    setPhone(staff?.phone ?? '');
    setRoleIds(staff?.roleIds ?? []);
    setStoreIds(staff?.storeIds ?? []);
    setJobId(staff?.jobId ?? null);
    setTried(false);
  }, [open, staff]);

  // The same rules as the server's contract (contracts/api/authority.ts), said under each field.
  const problems = {
    username: staff ? '' : !username.trim() ? messages.required(messages.fields.username) : USERNAME_PATTERN.test(username.trim()) ? '' : `登录名应为${USERNAME_RULE_TEXT}`,
    nickName: nickName.trim() ? '' : messages.required(messages.fields.nickName),
    phone: !phone.trim() || isMobile(phone.trim()) ? '' : messages.badPhone,
    roles: roleIds.length ? '' : messages.chooseRole,
  };
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]);
  const submit = () =>
    run(async () => {
      setTried(true);
      if (Object.values(problems).some(Boolean)) return;
      // The department is 组织架构's: an edit here keeps it.
      const fields = { nickName: nickName.trim(), phone: phone.trim(), roleIds, storeIds, jobId: jobId ?? undefined, departmentId: staff?.departmentId ?? undefined };
      if (staff) {
        await authorityApi.updateStaff({ ...fields, id: staff.id, version: staff.version });
        toast.success(messages.saved(fields.nickName));
        onSaved();
      } else {
        const answer = await authorityApi.createStaff({ ...fields, username: username.trim() });
        toast.success(messages.created);
        onSaved({ name: fields.nickName, password: answer.oneTimePassword });
      }
    });
  const help = (problem: string, otherwise = '') => (tried && problem ? problem : otherwise);

  return (
    <sl-dialog ref={ref} label={staff ? `${messages.edit}：${staff.nickName}` : messages.createStaff} open={open} className="staff-dialog">
      <div className="form">
        {staff ? null : (
          <sl-input label={messages.fields.username} value={username} maxlength="32" autocomplete="off" required
            help-text={help(problems.username, USERNAME_RULE_TEXT)} data-problem={tried && problems.username ? '' : undefined}
            onsl-input={(event: Event) => setUsername(inputValue(event))}></sl-input>
        )}
        <sl-input label={messages.fields.nickName} value={nickName} maxlength="32" required help-text={help(problems.nickName)}
          data-problem={tried && problems.nickName ? '' : undefined} onsl-input={(event: Event) => setNickName(inputValue(event))}></sl-input>
        <sl-input label={messages.fields.phone} value={phone} inputmode="numeric" maxlength="11" help-text={help(problems.phone)}
          data-problem={tried && problems.phone ? '' : undefined} onsl-input={(event: Event) => setPhone(inputValue(event))}></sl-input>
        {data?.jobs.length ? (
          <sl-radio-group label={messages.fields.job} value={jobId === null ? 'none' : String(jobId)} className="jobs"
            onsl-change={(event: Event) => {
              const chosen = data.jobs.find((job) => String(job.id) === inputValue(event)) ?? null;
              setJobId(chosen?.id ?? null);
              // A new account for a position starts with the position's default role (岗位池), if the admin may give it.
              const role = data.roles.find((each) => each.id === chosen?.defaultRoleId);
              if (!staff && role?.grantable) setRoleIds([role.id]);
            }}>
            <sl-radio value="none">{messages.noJob}</sl-radio>
            {data.jobs.map((job) => <sl-radio key={job.id} value={String(job.id)}>{job.name}</sl-radio>)}
          </sl-radio-group>
        ) : null}
        <fieldset>
          <legend>{messages.fields.roles}</legend>
          {data?.roles.map((role) => (
            <sl-checkbox key={role.id} checked={roleIds.includes(role.id)} disabled={!role.grantable}
              help-text={role.grantable ? '' : messages.cannotGrant} onsl-change={() => setRoleIds(toggle(roleIds, role.id))}>
              {role.name}<span className="muted small">（{DATA_SCOPE_NAMES[role.dataScope]}）</span>
            </sl-checkbox>
          ))}
          {tried && problems.roles ? <p className="error" role="alert">{problems.roles}</p> : null}
        </fieldset>
        <fieldset>
          <legend>{messages.fields.stores}</legend>
          {data?.stores.map((store) => (
            <sl-checkbox key={store.id} checked={storeIds.includes(store.id)} onsl-change={() => setStoreIds(toggle(storeIds, store.id))}>
              {store.name}
            </sl-checkbox>
          ))}
        </fieldset>
      </div>
      <DialogFooter busy={busy} confirmLabel={staff ? messages.save : messages.create} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function RoleDialog({ open, role, onClose, onSaved }: { open: boolean; role: Role | null; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [name, setName] = useState('');
  const [dataScope, setDataScope] = useState<1 | 2>(2);
  const [permissionIds, setPermissionIds] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setName(role?.name ?? '');
    setDataScope(role?.dataScope ?? 2);
    setPermissionIds(role?.permissionIds ?? []);
    setTried(false);
  }, [open, role]);
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!name.trim()) return;
      const fields = { name: name.trim(), dataScope, permissionIds };
      if (role) await authorityApi.updateRole({ ...fields, id: role.id, version: role.version });
      else await authorityApi.createRole(fields);
      toast.success(messages.saved(fields.name));
      onSaved();
    });
  return (
    <sl-dialog ref={ref} label={role ? `${messages.edit}：${role.name}` : messages.createRole} open={open} className="role-dialog">
      <div className="form">
        <sl-input label={messages.fields.roleName} value={name} maxlength="20" required help-text={tried && !name.trim() ? messages.required(messages.fields.roleName) : ''}
          onsl-input={(event: Event) => setName(inputValue(event))}></sl-input>
        <sl-radio-group label={messages.fields.dataScope} value={String(dataScope)} onsl-change={(event: Event) => setDataScope(inputValue(event) === '1' ? 1 : 2)}>
          <sl-radio value="2">{DATA_SCOPE_NAMES[2]}</sl-radio>
          <sl-radio value="1">{DATA_SCOPE_NAMES[1]}</sl-radio>
        </sl-radio-group>
        <fieldset>
          <legend>{messages.fields.permissions}</legend>
          {ALL_PERMISSIONS.map((id: PermissionId) => (
            <sl-checkbox key={id} checked={permissionIds.includes(id)}
              onsl-change={() => setPermissionIds(permissionIds.includes(id) ? permissionIds.filter((other) => other !== id) : [...permissionIds, id])}>
              {PERMISSION_NAMES[id]}
            </sl-checkbox>
          ))}
        </fieldset>
      </div>
      <DialogFooter busy={busy} confirmLabel={role ? messages.save : messages.create} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function PasswordDialog({ shown, onClose }: { shown: { name: string; password: string } | null; onClose(): void }) {
  const ref = useDialogClose(onClose);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [shown]);
  return (
    <sl-dialog ref={ref} label={messages.passwordTitle} open={shown !== null} className="password-dialog">
      <p>{shown ? messages.passwordIntro(shown.name) : ''}</p>
      <p className="one-time" data-testid="one-time-password">{shown?.password}</p>
      <sl-button slot="footer" onClick={() => shown && navigator.clipboard?.writeText(shown.password).then(() => setCopied(true), () => undefined)}>
        {copied ? messages.copied : messages.copy}
      </sl-button>
      <sl-button slot="footer" variant="primary" onClick={onClose}>{messages.done}</sl-button>
    </sl-dialog>
  );
}

