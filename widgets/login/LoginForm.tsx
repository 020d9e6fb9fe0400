import { useEffect, useRef, useState, type FormEvent } from 'react';
import { GARAGE_EVENTS } from '../../contracts/events';
import { bootstrap, emit, getConfig, login, logout, navigate, session, useValue, type WidgetProps } from '../core/base';
import { loginApi, type LoginResult } from './api';
import { ChangePassword } from './ChangePassword';
import { messages } from './messages';
import { MOBILE_PATTERN } from '../../contracts/rules/mobile';

export interface LoginFormProps {
  /** Where to go after login (a path of the host app). */
  redirect?: string;
}

type Mode = 'account' | 'phone';

export const DEFAULT_REDIRECT = '/home/workKanBan';
export const RESEND_SECONDS = 60;
const CODE_PATTERN = /^\d{6}$/;

/** Fired (bubbling, composed) after login and startup, before navigating: the host skips its own startup. */
export const LOGGED_IN_EVENT = GARAGE_EVENTS.loggedIn;

function errorMessage(error: unknown) {
  if (error && typeof error === 'object' && 'msg' in error && typeof error.msg === 'string' && error.msg) return error.msg;
  if (error instanceof Error && error.message) return error.message;
  return messages.network;
}

/** The WeCom OAuth `code` the work-chat redirect appends to the page URL, if any. */
function wecomCode() {
  return new URLSearchParams(window.location.search).get('code') ?? '';
}

function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, () => setSeconds(RESEND_SECONDS)] as const;
}

export function LoginForm({ redirect, host }: LoginFormProps & WidgetProps) {
  const root = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>('account');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<'' | 'login' | 'startup' | 'code'>('');
  const [wecomPending, setWecomPending] = useState(() => Boolean(wecomCode()));
  const [resendIn, startResendCountdown] = useCountdown();
  const loggedIn = useValue(session.isLoggedIn);
  const nickName = useValue(session.nickName);
  const garageName = useValue(session.garageName);
  const mustChangePassword = useValue(session.mustChangePassword);
  // Alone on a partner page nobody routes our redirect: the form says who is signed in instead of
  // waiting. On a partner page that also holds for a session kept from an earlier visit; our host
  // app's /login shows the form anyway (it offers its own "continue as …" link).
  const [signedInHere, setSignedInHere] = useState(() => getConfig().storage !== 'spec-keys');

  const showSignedIn = loggedIn && signedInHere && !busy;
  useEffect(() => {
    // A session handed over by a `token` attribute or kept from an earlier visit: learn the name.
    if (showSignedIn && !nickName) void bootstrap({ once: true });
  }, [showSignedIn, nickName]);

  /** Tells the page who is signed in now; answers where the event came from. */
  const announce = (token: string) => {
    const from = host ?? root.current ?? undefined;
    emit(from, LOGGED_IN_EVENT, {
      token,
      userId: session.userId.peek(),
      nickName: session.nickName.peek(),
      garageId: session.garageId.peek(),
    });
    return from;
  };

  const finish = async (result: LoginResult) => {
    login(result.token, result.user);
    setBusy('startup');
    await bootstrap();
    const from = announce(result.token);
    if (navigate(redirect || DEFAULT_REDIRECT, from)) return;
    setSignedInHere(true);
    setBusy('');
    setPassword('');
    setCode('');
  };

  const attempt = async (request: () => Promise<LoginResult>) => {
    setServerError('');
    setNotice('');
    setBusy('login');
    try {
      await finish(await request());
    } catch (error) {
      setServerError(errorMessage(error));
      setBusy('');
    }
  };

  useEffect(() => {
    const oauthCode = wecomCode();
    if (!oauthCode) return;
    let alive = true;
    loginApi.wecom(oauthCode)
      .then((result) => {
        if (alive) return finish(result);
      })
      .catch((error) => {
        if (!alive) return;
        setServerError(`${messages.wecomFailed}（${errorMessage(error)}）`);
        setWecomPending(false);
      });
    return () => { alive = false; };
  }, []); // once: the code in the URL is single-use

  const submitAccount = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!username.trim()) errors.username = messages.requiredAccount;
    if (!password) errors.password = messages.requiredPassword;
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) attempt(() => loginApi.password(username.trim(), password));
  };

  const submitPhone = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!MOBILE_PATTERN.test(phone)) errors.phone = messages.invalidPhone;
    if (!CODE_PATTERN.test(code)) errors.code = messages.invalidCode;
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) attempt(() => loginApi.phone(phone, code));
  };

  const sendCode = async () => {
    if (!MOBILE_PATTERN.test(phone)) {
      setFieldErrors({ phone: messages.invalidPhone });
      return;
    }
    setFieldErrors({});
    setServerError('');
    setBusy('code');
    try {
      await loginApi.requestCode(phone);
      startResendCountdown();
      setNotice(messages.codeSent);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy('');
    }
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setFieldErrors({});
    setServerError('');
    setNotice('');
  };

  const submitting = busy === 'login' || busy === 'startup';
  const submitLabel = busy === 'startup' ? messages.starting : busy === 'login' ? messages.submitting : messages.submit;

  const fieldError = (name: string) =>
    fieldErrors[name] ? <p className="field-error" id={`${name}-error`}>{fieldErrors[name]}</p> : null;

  if (showSignedIn && mustChangePassword) {
    return (
      <div className="login" ref={root}>
        <ChangePassword errorMessage={errorMessage} onChanged={(token) => announce(token)} />
      </div>
    );
  }

  if (showSignedIn) {
    return (
      <div className="login" ref={root}>
        <div className="signed-in" role="status">
          <span className="who">
            <strong>{nickName ? messages.signedInAs(nickName) : messages.signedIn}</strong>
            <span>{garageName || messages.signedInHint}</span>
          </span>
          <button type="button" className="logout" onClick={() => logout()}>{messages.logout}</button>
        </div>
      </div>
    );
  }

  return (
    <div className="login" ref={root}>
      <div className="heading">
        <h2>{messages.title}</h2>
        <p>{messages.subtitle}</p>
      </div>

      {wecomPending ? (
        <div className="wecom" role="status"><span className="spinner" aria-hidden="true" />{messages.wecomLoggingIn}</div>
      ) : (
        <>
          <div className="tabs" role="tablist">
            <button type="button" role="tab" className="tab" aria-selected={mode === 'account'} onClick={() => switchMode('account')}>
              {messages.accountTab}
            </button>
            <button type="button" role="tab" className="tab" aria-selected={mode === 'phone'} onClick={() => switchMode('phone')}>
              {messages.phoneTab}
            </button>
          </div>

          {serverError && <p className="alert" role="alert">{serverError}</p>}
          {notice && !serverError && <p className="alert info" role="status">{notice}</p>}

          {mode === 'account' ? (
            <form onSubmit={submitAccount} noValidate>
              <div className="field">
                <label htmlFor="username">{messages.account}</label>
                <div className="control">
                  <input
                    id="username" name="username" autoComplete="username" placeholder={messages.accountPlaceholder}
                    value={username} onChange={(event) => setUsername(event.target.value)}
                    aria-invalid={Boolean(fieldErrors.username)} aria-describedby={fieldErrors.username ? 'username-error' : undefined}
                  />
                </div>
                {fieldError('username')}
              </div>
              <div className="field">
                <label htmlFor="password">{messages.password}</label>
                <div className="control has-toggle">
                  <input
                    id="password" name="password" type={passwordVisible ? 'text' : 'password'} autoComplete="current-password"
                    placeholder={messages.passwordPlaceholder} value={password} onChange={(event) => setPassword(event.target.value)}
                    aria-invalid={Boolean(fieldErrors.password)} aria-describedby={fieldErrors.password ? 'password-error' : undefined}
                  />
                  <button type="button" className="toggle" onClick={() => setPasswordVisible(!passwordVisible)}>
                    {passwordVisible ? messages.hidePassword : messages.showPassword}
                  </button>
                </div>
                {fieldError('password')}
              </div>
              <button type="submit" className="submit" disabled={submitting}>{submitLabel}</button>
            </form>
          ) : (
            <form onSubmit={submitPhone} noValidate>
              <div className="field">
                <label htmlFor="phone">{messages.phone}</label>
                <div className="control">
                  <input
                    id="phone" name="phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11}
                    placeholder={messages.phonePlaceholder} value={phone} onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
                    aria-invalid={Boolean(fieldErrors.phone)} aria-describedby={fieldErrors.phone ? 'phone-error' : undefined}
                  />
                </div>
                {fieldError('phone')}
              </div>
              <div className="field">
                <label htmlFor="code">{messages.code}</label>
                <div className="control">
                  <input
                    id="code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
                    placeholder={messages.codePlaceholder} value={code} onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                    aria-invalid={Boolean(fieldErrors.code)} aria-describedby={fieldErrors.code ? 'code-error' : undefined}
                  />
                  <button type="button" className="send-code" onClick={sendCode} disabled={resendIn > 0 || busy === 'code'}>
                    {resendIn > 0 ? messages.resendIn(resendIn) : messages.sendCode}
                  </button>
                </div>
                {fieldError('code')}
              </div>
              <button type="submit" className="submit" disabled={submitting}>{submitLabel}</button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
