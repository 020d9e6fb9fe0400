import { useRef, useState, type FormEvent } from 'react';
import { SlButton, SlDialog, SlInput } from '../ui';
import { session, toast } from '../core';
import { hostApi } from '../api';
import { messages } from '../messages';
import { emptyPasswordFields, passwordFormProblems, type PasswordFields } from '../../../contracts/rules/password';

const text = messages.password;

/**
 * `oneTime`: an admin's one-time password is in use and the server answers nothing else until it
 * is changed, so the dialog says why and cannot be dismissed; its other button signs out (onClose).
 */
export function PasswordDialog({ open, onClose, onChanged, oneTime = false }: { open: boolean; onClose: () => void; onChanged: () => void; oneTime?: boolean }) {
  const [fields, setFields] = useState<PasswordFields>(emptyPasswordFields);
  // What was typed, updated as each key arrives: a click on 确认修改 right after a password manager
  // (or a fast test) filled the fields can come before React re-rendered with them.
  const typed = useRef<PasswordFields>(emptyPasswordFields);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordFields, string>>>({});
  const [submitting, setSubmitting] = useState(false);

  const clear = () => {
    typed.current = emptyPasswordFields;
    setFields(emptyPasswordFields);
    setErrors({});
  };
  const close = () => {
    clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = typed.current;
    const found = passwordFormProblems(current, String(session.userinfo.peek()?.username ?? ''));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await hostApi.updatePassword(current.oldPassword, current.newPassword);
      toast.success(text.done);
      // Not onClose: for a one-time password that is 退出登录, which raced onChanged's own sign-out
      // (and its way back to this page) to /login.
      clear();
      onChanged();
    } catch {
      // The core already showed the server's message (e.g. 原密码不正确).
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof PasswordFields, label: string, autocomplete: string, help?: string) => (
    <SlInput
      type="password"
      passwordToggle
      label={label}
      name={name}
      autocomplete={autocomplete}
      value={fields[name]}
      helpText={errors[name] ?? help ?? ''}
      className={errors[name] ? 'field--invalid' : ''}
      data-invalid={errors[name] ? '' : undefined}
      onSlInput={(event) => {
        const value = (event.target as HTMLInputElement).value;
        typed.current = { ...typed.current, [name]: value };
        setFields(typed.current);
      }}
    />
  );

  return (
    <SlDialog
      label={text.title}
      open={open}
      onSlRequestClose={(event) => {
        if (event.target !== event.currentTarget) return;
        if (oneTime) event.preventDefault();
        else close();
      }}
      className={oneTime ? 'password-dialog password-dialog--one-time' : 'password-dialog'}
    >
      <form id="password-form" className="form-stack" onSubmit={submit} noValidate>
        {oneTime ? <p className="password-dialog__notice" role="note">{text.oneTimeNotice}</p> : null}
        {field('oldPassword', text.oldPassword, 'current-password')}
        {field('newPassword', text.newPassword, 'new-password', text.rule)}
        {field('confirmPassword', text.confirmPassword, 'new-password')}
      </form>
      <SlButton slot="footer" onClick={close}>{oneTime ? text.signOut : text.cancel}</SlButton>
      <SlButton slot="footer" variant="primary" loading={submitting}
        onClick={() => (document.getElementById('password-form') as HTMLFormElement | null)?.requestSubmit()}>
        {text.submit}
      </SlButton>
    </SlDialog>
  );
}
