import { useEffect, useMemo, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/tag/tag.js';
import { session, toast, useValue, useBusyAction, useDialogClose, DialogFooter, type WidgetProps, useLazyDialogs, usePageData } from '../core';
import { jobDeleteProblem } from '../../contracts/rules/organization';
import { jobApi, type Job, type JobList } from './api';
import { messages } from './messages';

type Dialog = { type: 'edit'; job: Job | null } | { type: 'delete'; job: Job } | null;

const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

export function JobPool(_props: WidgetProps) {
  const token = useValue(session.usertoken);
  const { dialog, setDialog, close, partsReady: dialogParts } = useLazyDialogs<NonNullable<Dialog>>(() => import('./dialog-parts'));

  const { data, failed, refused, load } = usePageData<JobList>(token, () => jobApi.list());

  const roleName = useMemo(() => new Map(data?.roles.map((role) => [role.id, role.name])), [data]);
  const canEdit = data?.canEdit ?? false;

  const remove = (job: Job) => {
    const problem = jobDeleteProblem(job);
    if (problem) toast.warning(problem);
    else setDialog({ type: 'delete', job });
  };

  if (refused) return <div className="state" role="note"><p>{messages.notAdmin}</p></div>;
  if (failed) {
    return (
      <div className="state" role="alert">
        <p>{messages.loadFailed}</p>
        <sl-button size="small" onClick={load}>{messages.retry}</sl-button>
      </div>
    );
  }

  return (
    <div className="pool">
      <header className="head">
        <div>
          <h2>{messages.title}</h2>
          <p className="muted">{data && !canEdit ? messages.readOnly : messages.subtitle}</p>
        </div>
        {canEdit ? (
          <sl-button size="small" variant="primary" onClick={() => setDialog({ type: 'edit', job: null })}>
            <sl-icon slot="prefix" name="plus-lg"></sl-icon>
            {messages.create}
          </sl-button>
        ) : null}
      </header>

      {data && data.jobs.length === 0 ? (
        <div className="state"><p>{messages.empty}</p></div>
      ) : (
        <ul className="jobs" aria-busy={data === null} aria-label={messages.title}>
          <li className="titles" aria-hidden="true">
            <span>{messages.columns.name}</span>
            <span>{messages.columns.role}</span>
            <span>{messages.columns.staff}</span>
            <span></span>
          </li>
          {data?.jobs.map((job) => (
            <li key={job.id} className="job" data-job={job.name}>
              <span className="name">
                {job.name}
                {job.builtIn ? <sl-tag size="small" variant="neutral">{messages.builtIn}</sl-tag> : null}
              </span>
              <span className={job.defaultRoleId === null ? 'role none' : 'role'}>
                <span className="label visually-hidden">{messages.columns.role}：</span>
                {job.defaultRoleId === null ? messages.noRole : (roleName.get(job.defaultRoleId) ?? '')}
              </span>
              <span className="count figure">
                <span className="visually-hidden">{messages.columns.staff}：</span>
                {messages.people(job.staffCount)}
              </span>
              <span className="actions">
                {canEdit ? (
                  <>
                    <sl-button size="small" variant="text" onClick={() => setDialog({ type: 'edit', job })}>{messages.edit}</sl-button>
                    {job.builtIn ? null : (
                      <sl-button size="small" variant="text" className="danger" onClick={() => remove(job)}>{messages.remove}</sl-button>
                    )}
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}

      {dialogParts ? (
        <>
          <JobDialog shown={dialog?.type === 'edit' ? dialog : null} data={data} onClose={close} onSaved={() => (load(), close())} />
          <DeleteDialog shown={dialog?.type === 'delete' ? dialog.job : null} onClose={close} onDeleted={() => (load(), close())} />
        </>
      ) : null}
    </div>
  );
}

function JobDialog({ shown, data, onClose, onSaved }: { shown: { job: Job | null } | null; data: JobList | null; onClose(): void; onSaved(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('none');
  const [tried, setTried] = useState(false);
  const job = shown?.job ?? null;
  useEffect(() => {
    if (!shown) return;
    setName(shown.job?.name ?? '');
    setRoleId(shown.job?.defaultRoleId != null ? String(shown.job.defaultRoleId) : 'none');
    setTried(false);
  }, [shown]);
  const submit = () =>
    run(async () => {
      setTried(true);
      const trimmed = name.trim();
      if (!shown || !trimmed) return;
      const change = { name: trimmed, defaultRoleId: roleId === 'none' ? null : Number(roleId) };
      if (job) await jobApi.update(job, change);
      else await jobApi.create(change);
      toast.success(messages.saved(trimmed));
      onSaved();
    });
  const missing = tried && !name.trim();
  return (
    <sl-dialog ref={ref} label={job ? messages.editTitle(job.name) : messages.create} open={shown !== null} className="job-dialog">
      <form className="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
        <sl-input label={messages.nameLabel} value={name} maxlength="20" required disabled={job?.builtIn ?? false}
          help-text={missing ? messages.required : job?.builtIn ? messages.builtInName : ''} data-problem={missing ? '' : undefined}
          onsl-input={(event: Event) => setName(inputValue(event))}></sl-input>
        <sl-radio-group label={messages.roleLabel} help-text={messages.roleHelp} value={roleId} className="roles" onsl-change={(event: Event) => setRoleId(inputValue(event))}>
          <sl-radio value="none">{messages.noRole}</sl-radio>
          {data?.roles.map((role) => (
            <sl-radio key={role.id} value={String(role.id)}>
              {role.name}
              {role.isAdmin ? <span className="muted small">（{messages.adminRole}）</span> : null}
            </sl-radio>
          ))}
        </sl-radio-group>
      </form>
      <DialogFooter busy={busy} confirmLabel={job ? messages.save : messages.createLabel} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}

function DeleteDialog({ shown, onClose, onDeleted }: { shown: Job | null; onClose(): void; onDeleted(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const submit = () =>
    run(async () => {
      if (!shown) return;
      await jobApi.remove(shown);
      toast.success(messages.deleted(shown.name));
      onDeleted();
    });
  return (
    <sl-dialog ref={ref} label={messages.deleteTitle} open={shown !== null}>
      <p>{shown ? messages.confirmDelete(shown.name) : ''}</p>
      <DialogFooter variant="danger" busy={busy} confirmLabel={messages.remove} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
