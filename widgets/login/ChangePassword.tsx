import { useState, type FormEvent } from 'react';
import { emptyPasswordFields, passwordFormProblems, PASSWORD_RULE_TEXT, type PasswordFields } from '../../contracts/rules/password';
import { bootstrap, login, logout, session } from '../core/base';
import { loginApi } from './api';
import { messages } from './messages';

const FIELDS: { name: keyof PasswordFields; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'oldPassword', label: messages.oneTimePassword, autoComplete: 'current-password' },
  { name: 'newPassword', label: messages.newPassword, autoComplete: 'new-password', hint: PASSWORD_RULE_TEXT },
  { name: 'confirmPassword', label: messages.confirmPassword, autoComplete: 'new-password' },
];

/**
 * Signed in with an admin's one-time password: the server answers nothing else until it is changed
 * (code 428), so the form asks for the person's own. The change revokes every older token and
 * answers a new one, which this page continues with (onChanged: the page hears it as a new login).
 */
export function ChangePassword({ onChanged, errorMessage }: { onChanged: (token: string) => void; errorMessage: (error: unknown) => string }) {
  const [fields, setFields] = useState<PasswordFields>(emptyPasswordFields);
  const [problems, setProblems] = useState<Partial<Record<keyof PasswordFields, string>>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormProblems(fields, String(session.userinfo.peek()?.username ?? ''));
    setProblems(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const token = await loginApi.changePassword(fields.oldPassword, fields.newPassword);
      login(token, { userId: session.userId.peek(), nickName: session.nickName.peek(), garageId: session.garageId.peek() });
      await bootstrap();
      onChanged(token);
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form className="change-password" onSubmit={submit} noValidate>
      <div className="heading">
        <h2>{messages.changePasswordTitle}</h2>
        <p>{messages.oneTimeNotice}</p>
      </div>
      {serverError && <p className="alert" role="alert">{serverError}</p>}
      {FIELDS.map(({ name, label, autoComplete, hint }) => (
        <div className="field" key={name}>
          <label htmlFor={name}>{label}</label>
          <div className="control">
            <input
              id={name} name={name} type="password" autoComplete={autoComplete} value={fields[name]}
              onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
              aria-invalid={Boolean(problems[name])} aria-describedby={problems[name] || hint ? `${name}-note` : undefined}
            />
          </div>
          {problems[name] ? <p className="field-error" id={`${name}-note`}>{problems[name]}</p> : hint && <p className="field-hint" id={`${name}-note`}>{hint}</p>}
        </div>
      ))}
      <button type="submit" className="submit" disabled={busy}>{busy ? messages.changingPassword : messages.changePassword}</button>
      <button type="button" className="logout" onClick={() => logout()}>{messages.logout}</button>
    </form>
  );
}
