import { createElement, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlIcon from '@shoelace-style/shoelace/dist/react/icon/index.js';
import { session, useValue } from '../core';
import { currentToken } from '../auth';
import { HOME_PATH } from '../routes';
import { loadWidget } from '../widgets';
import { messages } from '../messages';

const text = messages.login;

/** Only same-site paths: an open redirect to another origin would make phishing links look like ours. */
function safeRedirect(value: string | null) {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : HOME_PATH;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [ready, setReady] = useState(false);
  // Only a session that existed when the page opened: not the one the form is creating right now.
  const [signedIn] = useState(() => Boolean(currentToken()));
  const nickName = useValue(session.nickName);

  useEffect(() => {
    document.title = `登录 - ${messages.brand}`;
    loadWidget('login', 'garage-login').then(setReady, (error) => console.warn('登录组件加载失败', error));
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
              <li key={feature}><SlIcon name="check2-circle" />{feature}</li>
            ))}
          </ul>
        </div>
        <p className="login__copyright">{text.copyright}</p>
      </section>
      <section className="login__panel">
        <div className="login__card">
          {signedIn && (
            <SlAlert variant="primary" open className="login__signed-in">
              <SlIcon slot="icon" name="person-circle" />
              {text.signedInAs(nickName)}　<Link to={redirect}>{text.enter} →</Link>
            </SlAlert>
          )}
          {ready ? createElement('garage-login', { redirect }) : <div className="login__placeholder" aria-busy="true" />}
        </div>
        <nav className="login__links">
          <Link to="/privacy">{text.privacy}</Link>
          <span aria-hidden="true">·</span>
          <Link to="/terms">{text.terms}</Link>
          <span aria-hidden="true">·</span>
          <Link to="/plugins">{text.plugins}</Link>
        </nav>
      </section>
    </div>
  );
}
