import { useEffect, useState } from 'react';
import { bootstrap, session, useValue } from '../core';
import { messages } from './messages';

/**
 * Who is signed in and for which store (signed out, define() shows the compact 「请先登录」), e.g. for a WeCom sidebar or a partner page. Embedded
 * alone (no host app ran startup) it runs startup once itself to learn the name and the stores.
 */
export function SessionBadge() {
  const nickName = useValue(session.nickName);
  const garageName = useValue(session.garageName);
  const store = useValue(session.currentStore);
  const headquarters = useValue(session.isHeadquarters);
  const storesKnown = useValue(session.storeList).length > 0;
  // After startup answered (or failed), a still unknown name shows a neutral label, not "loading".
  const [startupSettled, setStartupSettled] = useState(false);

  useEffect(() => {
    if (nickName && storesKnown) return;
    let mounted = true;
    void bootstrap({ once: true }).finally(() => mounted && setStartupSettled(true));
    return () => {
      mounted = false;
    };
  }, [nickName, storesKnown]);

  const name = nickName || messages.unknownUser;
  const storeName = store?.name || messages.noStore;
  const title = `${messages.accountLabel}：${name}${garageName ? `（${garageName}）` : ''}\n${messages.storeLabel}：${storeName}`;
  return (
    <span className="badge" part="badge" title={title}>
      <span className="avatar" aria-hidden="true">{name.slice(0, 1)}</span>
      <span className="text">
        <span className="name">{nickName || (startupSettled ? messages.unknownUser : <span className="loading">{messages.loading}</span>)}</span>
        <span className="store">
          {messages.storeLabel}：{storeName}
        </span>
      </span>
      {headquarters && <span className="hq">{messages.headquarters}</span>}
    </span>
  );
}
