/**
 * A chat contact bound to no customer: search the user's visible customers (name, mobile, plate)
 * and bind one — or create the customer from the contact (its remark or name, its remark mobile).
 * A customer already bound to another contact can be moved here (改绑) after being told so.
 */
import { useEffect, useState } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import { isCancelled, LazyImage, toast } from '../core';
import { contactApi, type BoundCustomer, type CurrentContact, type CustomerMatch, type ExternalContact } from './api';
import { messages } from './messages';

interface Props {
  contact: ExternalContact;
  elsewhere: boolean;
  onBound(customer: BoundCustomer, source: CurrentContact['source']): void;
}

const valueOf = (event: Event) => (event.target as HTMLInputElement).value;
const problemOf = (error: unknown) => (error as { msg?: string }).msg || messages.loadFailed;

export function UnboundContact({ contact, elsewhere, onBound }: Props) {
  const [keyword, setKeyword] = useState('');
  const [matches, setMatches] = useState<CustomerMatch[] | null>(null);
  const [busy, setBusy] = useState<number | 'create' | null>(null);
  const [problem, setProblem] = useState('');
  const [creating, setCreating] = useState(false);
  const [draft, setDraft] = useState({ name: contact.remark || contact.name, mobile: contact.mobiles[0] ?? '', remark: '' });

  useEffect(() => {
    const text = keyword.trim();
    if (text.length < 2) {
      setMatches(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      contactApi.search(text, controller.signal).then(
        (answer) => setMatches(answer.rows),
        (error: unknown) => {
          if (!isCancelled(error)) setProblem(problemOf(error));
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);

  const bind = async (match: CustomerMatch) => {
    setBusy(match.id);
    setProblem('');
    try {
      const { customer } = await contactApi.bind(contact.externalUserId, match.id, match.boundTo !== null);
      toast.success(messages.bound(customer.name));
      onBound(customer, 'manual');
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(null);
    }
  };

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy('create');
    setProblem('');
    try {
      const { customer } = await contactApi.create({ externalUserId: contact.externalUserId, name: draft.name.trim(), mobile: draft.mobile.trim(), remark: draft.remark.trim() || undefined });
      toast.success(messages.created(customer.name));
      onBound(customer, 'created');
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(null);
    }
  };

  const initial = <span className="avatar initial" aria-hidden="true">{contact.name.slice(0, 1)}</span>;
  return (
    <>
      <section className="card who" aria-label={contact.name}>
        <div className="name-line">
          {contact.avatar ? <LazyImage className="avatar" src={contact.avatar} alt="" referrerPolicy="no-referrer" fallback={initial} /> : initial}
          <strong className="name">{contact.name}</strong>
        </div>
        {contact.remark && contact.remark !== contact.name ? (
          <p className="muted small">
            {messages.contactRemark}：{contact.remark}
          </p>
        ) : null}
        {contact.mobiles.length > 0 ? (
          <p className="muted small figure">
            {messages.contactMobiles}：{contact.mobiles.join('、')}
          </p>
        ) : null}
        <p className="notice" role="status">
          {elsewhere ? messages.elsewhere : messages.unboundTitle}
        </p>
      </section>

      {elsewhere ? null : creating ? (
        <form className="card" aria-label={messages.createTitle} onSubmit={(event) => void create(event as unknown as Event)}>
          <h3>{messages.createTitle}</h3>
          <sl-input size="small" label={messages.name} required maxlength={32} value={draft.name} onsl-input={(event: Event) => setDraft({ ...draft, name: valueOf(event) })}></sl-input>
          <sl-input size="small" label={messages.mobile} required inputmode="numeric" maxlength={11} value={draft.mobile} onsl-input={(event: Event) => setDraft({ ...draft, mobile: valueOf(event) })}></sl-input>
          <sl-input size="small" label={messages.remark} maxlength={200} value={draft.remark} onsl-input={(event: Event) => setDraft({ ...draft, remark: valueOf(event) })}></sl-input>
          {problem ? <p className="error" role="alert">{problem}</p> : null}
          <div className="actions">
            <sl-button size="small" variant="primary" type="submit" loading={busy === 'create'}>
              {messages.createSubmit}
            </sl-button>
            <sl-button size="small" onClick={() => (setCreating(false), setProblem(''))}>
              {messages.cancel}
            </sl-button>
          </div>
        </form>
      ) : (
        <section className="card" aria-label={messages.bindTitle}>
          <sl-input size="small" label={messages.searchLabel} placeholder={messages.searchPlaceholder} clearable value={keyword} onsl-input={(event: Event) => setKeyword(valueOf(event))} onsl-clear={() => setKeyword('')}>
            <sl-icon slot="prefix" name="search"></sl-icon>
          </sl-input>
          {matches === null ? (
            <p className="muted small">{messages.searchHint}</p>
          ) : matches.length === 0 ? (
            <p className="muted small">{messages.noMatch(keyword.trim())}</p>
          ) : (
            <ul className="matches" aria-label={messages.searchResults}>
              {matches.map((match) => (
                <li key={match.id}>
                  <div className="match-who">
                    <strong>{match.name}</strong> <span className="figure muted">{match.mobile}</span>
                    <div className="muted small">
                      {match.storeName}
                      {match.plates.length > 0 ? ` · ${match.plates.join('、')}` : ''}
                    </div>
                    {match.boundTo !== null ? <div className="warn small">{messages.boundTo(match.boundTo)}</div> : null}
                  </div>
                  <sl-button size="small" variant={match.boundTo === null ? 'primary' : 'default'} outline loading={busy === match.id} onClick={() => void bind(match)}>
                    {match.boundTo === null ? messages.bind : messages.replace}
                  </sl-button>
                </li>
              ))}
            </ul>
          )}
          {problem ? <p className="error" role="alert">{problem}</p> : null}
          <div className="actions">
            <sl-button size="small" onClick={() => (setCreating(true), setProblem(''))}>
              <sl-icon slot="prefix" name="person-plus"></sl-icon>
              {messages.create}
            </sl-button>
          </div>
        </section>
      )}
    </>
  );
}
