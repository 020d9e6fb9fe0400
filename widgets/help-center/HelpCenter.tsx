import { Fragment, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/skeleton/skeleton.js';
import { getConfig, isCancelled, navigate, session, useValue, type WidgetProps } from '../core';
import { HELP_AREAS, HELP_KEYWORD_MAX } from '../../contracts/rules/help';
import { helpApi, type HelpArticle, type HelpEntry } from './api';
import { messages } from './messages';

export interface HelpCenterProps {
  article?: string;
}

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

/** ?article= in the page address (a 查看使用帮助 link) when no attribute is given. */
function articleFromAddress(): string {
  try {
    return new URLSearchParams(window.location.search).get('article') ?? '';
  } catch {
    return '';
  }
}

/** Our app's origin (that of `api-base`), so a link to one of our pages leads there from a partner's page too. */
function appOrigin(): string {
  try {
    return new URL(getConfig().mainBase, window.location.href).origin;
  } catch {
    return window.location.origin;
  }
}

/** The text with each search word marked. */
function Marked({ text, terms }: { text: string; terms: string[] }) {
  if (terms.length === 0) return <>{text}</>;
  const escaped = terms.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`, 'gi'));
  const lower = terms.map((term) => term.toLowerCase());
  return <>{parts.map((part, index) => (lower.includes(part.toLowerCase()) ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>))}</>;
}

export function HelpCenter({ article, host }: HelpCenterProps & WidgetProps) {
  const token = useValue(session.usertoken);
  const [keyword, setKeyword] = useState('');
  const [entries, setEntries] = useState<HelpEntry[] | null>(null);
  const [searched, setSearched] = useState('');
  const [listFailed, setListFailed] = useState(false);
  const [slug, setSlug] = useState(() => article || articleFromAddress());
  const [shown, setShown] = useState<HelpArticle | null>(null);
  const [articleProblem, setArticleProblem] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const movedByUser = useRef(false);

  useEffect(() => {
    if (article) setSlug(article);
  }, [article]);

  // The list, after typing pauses; an answer to an older search is dropped.
  useEffect(() => {
    if (!token) return;
    let current = true;
    const wanted = keyword.trim();
    const timer = setTimeout(() => {
      setListFailed(false);
      helpApi.search(wanted).then(
        (found) => {
          if (!current) return;
          setEntries(found);
          setSearched(wanted);
        },
        (error) => {
          if (current && !isCancelled(error)) setListFailed(true);
        },
      );
    }, wanted ? SEARCH_DELAY_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [token, keyword, reload]);

  // The open article.
  useEffect(() => {
    setShown(null);
    setArticleProblem(null);
    if (!token || !slug) return;
    let current = true;
    helpApi.article(slug).then(
      (answer) => current && setShown(answer),
      (error: { message?: string }) => {
        if (current && !isCancelled(error)) setArticleProblem(error.message || messages.articleFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [token, slug, reload]);

  // Links to our pages point at our app, wherever the widget is placed; the heading takes focus when the reader opened the article.
  useEffect(() => {
    if (!shown) return;
    const origin = appOrigin();
    for (const link of body.current?.querySelectorAll<HTMLAnchorElement>('a[data-path]') ?? []) {
      link.href = new URL(link.dataset.path!, origin).href;
    }
    if (movedByUser.current) heading.current?.focus();
    movedByUser.current = false;
  }, [shown]);

  const open = useCallback((next: string) => {
    movedByUser.current = true;
    setSlug(next);
  }, []);

  /** Another article opens here; a page of our app through the host's router, else by the link itself. */
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest?.('a');
    if (!link) return;
    if (link.dataset.help) {
      event.preventDefault();
      open(link.dataset.help);
    } else if (link.dataset.path && navigate(link.dataset.path, host)) {
      event.preventDefault();
    }
  };

  if (slug) {
    return (
      <div className="help">
        <sl-button size="small" className="back" onClick={() => setSlug('')}>← {messages.back}</sl-button>
        {articleProblem ? (
          <div className="state" role="alert">
            <p>{articleProblem}</p>
            <sl-button size="small" onClick={() => setReload((count) => count + 1)}>{messages.retry}</sl-button>
          </div>
        ) : shown ? (
          <article className="article" data-article={shown.slug}>
            <span className="article-area">{shown.area}</span>
            <h2 ref={heading} tabIndex={-1}>{shown.title}</h2>
            {/* Rendered by our server from our own Markdown, every character escaped (server/src/help/markdown.ts). */}
            <div ref={body} className="body" onClick={onBodyClick} dangerouslySetInnerHTML={{ __html: shown.html }} />
          </article>
        ) : (
          <div className="article skeleton" aria-busy="true">
            <sl-skeleton effect="pulse" style={{ width: '40%' }}></sl-skeleton>
            <sl-skeleton effect="pulse"></sl-skeleton>
            <sl-skeleton effect="pulse"></sl-skeleton>
          </div>
        )}
      </div>
    );
  }

  const terms = searched.toLowerCase().split(/\s+/).filter(Boolean);
  const busy = entries === null || searched !== keyword.trim();
  const entryList = (list: HelpEntry[], showArea: boolean) => (
    <ul className="entries">
      {list.map((entry) => (
        <li key={entry.slug} data-slug={entry.slug}>
          <button type="button" className="entry" onClick={() => open(entry.slug)}>
            <span className="entry-title">
              <Marked text={entry.title} terms={terms} />
              {showArea ? <span className="entry-area">{entry.area}</span> : null}
            </span>
            <span className="entry-excerpt"><Marked text={entry.excerpt} terms={terms} /></span>
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <div className="help">
      <header>
        <h2>{messages.title}</h2>
        <p className="muted">{messages.subtitle}</p>
        <form role="search" onSubmit={(event) => event.preventDefault()}>
          <sl-input type="search" clearable className="search" label={messages.search} placeholder={messages.searchPlaceholder}
            maxlength={String(HELP_KEYWORD_MAX)} value={keyword}
            onsl-input={(event: Event) => setKeyword((event.target as HTMLInputElement).value)}
            onsl-clear={() => setKeyword('')}></sl-input>
        </form>
      </header>
      {listFailed ? (
        <div className="state" role="alert">
          <p>{messages.loadFailed}</p>
          <sl-button size="small" onClick={() => setReload((count) => count + 1)}>{messages.retry}</sl-button>
        </div>
      ) : (
        <div className="results" aria-busy={busy}>
          {entries === null ? (
            <div className="skeleton"><sl-skeleton effect="pulse"></sl-skeleton><sl-skeleton effect="pulse"></sl-skeleton><sl-skeleton effect="pulse"></sl-skeleton></div>
          ) : searched ? (
            entries.length === 0 ? (
              <div className="state" role="status">
                <p>{messages.none(searched)}</p>
                <p className="muted">{messages.noneHint}</p>
                <sl-button size="small" onClick={() => setKeyword('')}>{messages.clearSearch}</sl-button>
              </div>
            ) : (
              <>
                <p className="count" role="status">{messages.found(entries.length, searched)}</p>
                {entryList(entries, true)}
              </>
            )
          ) : (
            <div className="areas">
              {HELP_AREAS.map((area) => {
                const inArea = entries.filter((entry) => entry.area === area);
                return inArea.length === 0 ? null : (
                  <section key={area} aria-labelledby={`area-${area}`}>
                    <h3 id={`area-${area}`}>{area}</h3>
                    {entryList(inArea, false)}
                  </section>
                );
              })}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
