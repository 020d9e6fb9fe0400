/**
 * 系统设置 › 网络电话 · 电话线路 (issue 36): which staff have a line (their extension) and giving or
 * taking one. Shown to holders of 网络电话, as the server asks; the list holds the staff they manage
 * (headquarters every store's, a store its own). On npm start's demo line 开通 asks only for the
 * extension; elsewhere also the extension's password on the signalling server, whose realm is offered.
 */
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog, DialogFooter, toast, useBusyAction, useDialogClose, useLazyDialogs, usePageData } from '../core';
import { EXTENSION_PATTERN, EXTENSION_RULE, defaultExtension } from '../../contracts/rules/phone-line';
import { linesApi, type LineStaff, type PhoneLines } from './api';
import { messages } from './messages';

const text = messages.lines;
const inputValue = (event: Event) => (event.target as HTMLInputElement).value;

type Dialog = { type: 'give' | 'take'; person: LineStaff };

export function PhoneLinesSection({ token }: { token: string }) {
  const { data: lines, failed, refused, refusal, load } = usePageData<PhoneLines>(token, () => linesApi.list());
  const { dialog, setDialog, closeIf, partsReady } = useLazyDialogs<Dialog>(() => import('./dialog-parts'));
  const closers = useMemo(() => ({ give: closeIf('give'), take: closeIf('take') }), [closeIf]);
  const done = (type: Dialog['type']) => (closers[type](), load());

  return (
    <section aria-labelledby="lines-title" className="lines">
      <div className="section-head"><h3 id="lines-title">{text.title}</h3></div>
      <p className="help section-help">{text.help}</p>
      {lines?.demo ? <p className="help section-help demo-note">{text.demo}</p> : null}
      {refused ? (
        <div className="state" role="note"><p>{refusal}</p></div>
      ) : failed ? (
        <div className="state" role="alert"><p>{text.loadFailed}</p><sl-button size="small" onClick={load}>{messages.retry}</sl-button></div>
      ) : !lines ? (
        <div className="state" aria-busy="true"><p className="muted">{text.loading}</p></div>
      ) : lines.staff.length === 0 ? (
        <div className="state"><p>{text.empty}</p></div>
      ) : (
        <ul className="rows">
          {lines.staff.map((person) => (
            <li key={person.userId} className={person.enabled ? 'row line' : 'row line off'} data-username={person.username}>
              <div className="text">
                <span className="label">{person.nickName}{person.enabled ? null : <span className="badge muted-badge">{text.disabled}</span>}</span>
                <span className="help">{person.username} · {person.storeNames.join('、') || text.headquarters}</span>
              </div>
              <div className="actions">
                {person.line ? <span className="line-state on">{text.extension(person.line.sipUser)}</span> : <span className="line-state">{text.none}</span>}
                {person.line ? (
                  <sl-button size="small" variant="text" className="danger" onClick={() => setDialog({ type: 'take', person })}>{text.take}</sl-button>
                ) : person.enabled ? (
                  <sl-button size="small" onClick={() => setDialog({ type: 'give', person })}>{text.give}</sl-button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {partsReady && lines ? (
        <>
          <GiveDialog person={dialog?.type === 'give' ? dialog.person : null} lines={lines} onClose={closers.give} onGiven={() => done('give')} />
          <ConfirmDialog item={dialog?.type === 'take' ? dialog.person : null} title={text.takeTitle} confirmLabel={text.take}
            text={(person) => text.takeText(person.nickName, person.line?.sipUser ?? '')}
            action={async (person) => {
              await linesApi.take(person.userId);
              toast.success(text.taken(person.nickName));
              done('take');
            }} onClose={closers.take} />
        </>
      ) : null}
    </section>
  );
}

function GiveDialog({ person, lines, onClose, onGiven }: { person: LineStaff | null; lines: PhoneLines; onClose(): void; onGiven(): void }) {
  const ref = useDialogClose(onClose);
  const [busy, run] = useBusyAction();
  const [shown, setShown] = useState(person);
  const [extension, setExtension] = useState('');
  const [password, setPassword] = useState('');
  const [realm, setRealm] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!person) return;
    setShown(person); // kept while the dialog fades out
    setExtension(defaultExtension(person.userId));
    setPassword('');
    setRealm(lines.realm);
    setTried(false);
  }, [person, lines]);

  // The contract's rules (contracts/api/call.ts provisionSipAccount), said under each field before sending.
  const problems = {
    extension: !extension.trim() ? text.required(text.fields.extension) : EXTENSION_PATTERN.test(extension.trim()) ? '' : EXTENSION_RULE,
    password: lines.demo ? '' : !password ? text.required(text.fields.password) : password.length < 6 ? text.passwordShort : '',
    realm: lines.demo || realm.trim() ? '' : text.required(text.fields.realm),
  };
  const submit = () =>
    run(async () => {
      setTried(true);
      if (!shown || Object.values(problems).some(Boolean)) return;
      const sipUser = extension.trim();
      await linesApi.give({ userId: shown.userId, sipUser, ...(lines.demo ? {} : { password, realm: realm.trim() }) });
      toast.success(text.given(shown.nickName, sipUser));
      onGiven();
    });
  const help = (problem: string, otherwise = '') => (tried && problem ? problem : otherwise);

  return (
    <sl-dialog ref={ref} label={shown ? text.giveTitle(shown.nickName) : ''} open={person !== null} className="give-dialog">
      <div className="form">
        <sl-input label={text.fields.extension} value={extension} maxlength="64" autocomplete="off" required
          help-text={help(problems.extension, text.extensionHelp)} data-problem={tried && problems.extension ? '' : undefined}
          onsl-input={(event: Event) => setExtension(inputValue(event))}></sl-input>
        {lines.demo ? (
          <p className="help">{text.demoHelp}</p>
        ) : (
          <>
            <sl-input label={text.fields.password} type="password" value={password} maxlength="128" autocomplete="new-password" required password-toggle
              help-text={help(problems.password, text.passwordHelp)} data-problem={tried && problems.password ? '' : undefined}
              onsl-input={(event: Event) => setPassword(inputValue(event))}></sl-input>
            <sl-input label={text.fields.realm} value={realm} maxlength="253" autocomplete="off" required
              help-text={help(problems.realm, text.realmHelp)} data-problem={tried && problems.realm ? '' : undefined}
              onsl-input={(event: Event) => setRealm(inputValue(event))}></sl-input>
          </>
        )}
      </div>
      <DialogFooter busy={busy} confirmLabel={text.give} onCancel={onClose} onConfirm={submit} />
    </sl-dialog>
  );
}
