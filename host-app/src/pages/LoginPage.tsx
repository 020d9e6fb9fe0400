import { createElement, useEffect, useState, type MouseEvent } from 'react';
import '../../../widgets/login';
import { getToken, navigate, session, useValue } from '../core';
import { HOME_PATH } from '../paths';
import { messages } from '../messages';

const text = messages.login;

/** Only same-site paths: an open redirect to another origin would make phishing links look like ours. */
function safeRedirect(value: string | null) {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : HOME_PATH;
}

/**
 * Links move through `garage-navigate` like a widget's: the router routes it, and before the
 * router is loaded (a first visit to /login, see main.tsx) the login entry does.
 */
function AppLink({ to, children }: { to: string; children: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to, event.currentTarget);
  };
  return <a href={to} onClick={follow}>{children}</a>;
}

/** Bootstrap Icons' check2-circle and person-circle, inline: this page loads no Shoelace. */
const CheckIcon = () => (
  <svg className="login__icon" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M2.5 8a5.5 5.5 0 0 1 8.25-4.764.5.5 0 0 0 .5-.866A6.5 6.5 0 1 0 14.5 8a.5.5 0 0 0-1 0 5.5 5.5 0 1 1-11 0" />
    <path d="M15.354 3.354a.5.5 0 0 0-.708-.708L8 9.293 5.354 6.646a.5.5 0 1 0-.708.708l3 3a.5.5 0 0 0 .708 0z" />
  </svg>
);
const PersonIcon = () => (
  <svg className="login__icon" viewBox="0 0 16 16" aria-hidden="true">
    <path d="M11 6a3 3 0 1 1-6 0 3 3 0 0 1 6 0" />
    <path fillRule="evenodd" d="M0 8a8 8 0 1 1 16 0A8 8 0 0 1 0 8m8-7a7 7 0 0 0-5.468 11.37C3.242 11.226 4.805 10 8 10s4.757 1.225 5.468 2.37A7 7 0 0 0 8 1" />
  </svg>
);

/**
 * /login. Neither the router nor Shoelace: it is the first page of every visit, so it carries only
 * React, the lean core and the login widget (docs/DECISIONS.md, "Login page speed").
 */
export default function LoginPage() {
  const redirect = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
  // Only a session that existed when the page opened: not the one the form is creating right now.
  const [signedIn] = useState(() => Boolean(getToken()));
  const nickName = useValue(session.nickName);

  useEffect(() => {
    document.title = `登录 - ${messages.brand}`;
  }, []);

  return (
    <div className="login">
      <section className="login__hero">
        <div className="login__brand">
          <span className="brand-mark brand-mark--large" aria-hidden="true">管</span>
          <div>
            <strong>{messages.brand}</strong>
            <small>{messages.brandSubtitle}</small>
          </div>
        </div>
        <div className="login__pitch">
          <h1>{text.welcomeTitle}</h1>
          <p>{text.welcomeText}</p>
          <ul>
            {text.features.map((feature) => (
              <li key={feature}><CheckIcon />{feature}</li>
            ))}
          </ul>
        </div>
        <p className="login__copyright">{text.copyright}</p>
      </section>
      <main className="login__panel">
        <div className="login__card">
          {signedIn && (
            <div className="login__signed-in" role="status">
              <PersonIcon />
              <span>{text.signedInAs(nickName)}　<AppLink to={redirect}>{`${text.enter} →`}</AppLink></span>
            </div>
          )}
          {createElement('garage-login', { redirect })}
        </div>
        <nav className="login__links" aria-label={text.linksLabel}>
          <AppLink to="/privacy">{text.privacy}</AppLink>
          <span aria-hidden="true">·</span>
          <AppLink to="/terms">{text.terms}</AppLink>
          <span aria-hidden="true">·</span>
          <AppLink to="/plugins">{text.plugins}</AppLink>
        </nav>
      </main>
    </div>
  );
}
