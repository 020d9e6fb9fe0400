-- 续保跟进 speed (issue 16 figures): the pipeline's tabs and chips read a small per-day summary
-- instead of counting ~40,000 current terms on every page turn, and its page rows come straight
-- off one index in display order.
--
-- 1. The follow-up's state and owner are copied onto the policy row (kept by a trigger on
--    insurance_renewal, whoever writes it), so the policy triggers below see everything they count
--    and the page index can filter by state and owner without joining.
ALTER TABLE insurance_policy
  ADD COLUMN renewal_state text NOT NULL DEFAULT 'pending',
  ADD COLUMN renewal_owner integer;

UPDATE insurance_policy p SET renewal_state = r.state, renewal_owner = r.owner_id
  FROM insurance_renewal r WHERE r.policy_id = p.id;

CREATE FUNCTION insurance_renewal_copied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE insurance_policy p SET renewal_state = 'pending', renewal_owner = NULL
      FROM old_rows o WHERE p.id = o.policy_id AND (p.renewal_state, p.renewal_owner) IS DISTINCT FROM ('pending', NULL::integer);
  ELSE
    UPDATE insurance_policy p SET renewal_state = n.state, renewal_owner = n.owner_id
      FROM new_rows n WHERE p.id = n.policy_id AND (p.renewal_state, p.renewal_owner) IS DISTINCT FROM (n.state, n.owner_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER insurance_renewal_inserted AFTER INSERT ON insurance_renewal REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_renewal_copied();
CREATE TRIGGER insurance_renewal_updated AFTER UPDATE ON insurance_renewal REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_renewal_copied();
CREATE TRIGGER insurance_renewal_deleted AFTER DELETE ON insurance_renewal REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_renewal_copied();

-- 2. Current terms per chain, owner, expiry day, store and state. owner_key −1 = every owner (the
--    unfiltered tabs), 0 = 未分配, otherwise the owner's user id; each current term counts twice
--    (once under −1, once under its owner). Days, not buckets, so "today" moving needs no rewrite.
CREATE TABLE insurance_renewal_tally (
  chain_id integer NOT NULL,
  owner_key integer NOT NULL,
  expiry_date date NOT NULL,
  store_id integer NOT NULL,
  state text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (chain_id, owner_key, expiry_date, store_id, state)
);

INSERT INTO insurance_renewal_tally (chain_id, owner_key, expiry_date, store_id, state, n)
SELECT chain_id, k.owner_key, expiry_date, store_id, renewal_state, count(*)::int
  FROM insurance_policy p CROSS JOIN LATERAL (VALUES (-1), (COALESCE(p.renewal_owner, 0))) k (owner_key)
 WHERE NOT p.superseded
 GROUP BY 1, 2, 3, 4, 5;

-- One pass per statement (bulk seeds and imports write thousands of terms at once): −1 for each
-- old current term, +1 for each new one, netted per key so an update touching no counted column
-- writes nothing, applied in key order so two writers of the same days cannot deadlock.
-- Transition tables need one function per event. The insert trigger sorts after 490's
-- insurance_policy_inserted, whose nested UPDATE of `superseded` is counted by the update trigger.
CREATE FUNCTION insurance_policy_tallied_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insurance_renewal_tally AS t (chain_id, owner_key, expiry_date, store_id, state, n)
  SELECT n.chain_id, k.owner_key, n.expiry_date, n.store_id, n.renewal_state, count(*)::int
    FROM new_rows n CROSS JOIN LATERAL (VALUES (-1), (COALESCE(n.renewal_owner, 0))) k (owner_key)
   WHERE NOT n.superseded
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (chain_id, owner_key, expiry_date, store_id, state) DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END $$;
CREATE FUNCTION insurance_policy_tallied_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insurance_renewal_tally AS t (chain_id, owner_key, expiry_date, store_id, state, n)
  SELECT o.chain_id, k.owner_key, o.expiry_date, o.store_id, o.renewal_state, -count(*)::int
    FROM old_rows o CROSS JOIN LATERAL (VALUES (-1), (COALESCE(o.renewal_owner, 0))) k (owner_key)
   WHERE NOT o.superseded
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (chain_id, owner_key, expiry_date, store_id, state) DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END $$;
CREATE FUNCTION insurance_policy_tallied_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insurance_renewal_tally AS t (chain_id, owner_key, expiry_date, store_id, state, n)
  SELECT d.chain_id, k.owner_key, d.expiry_date, d.store_id, d.renewal_state, sum(d.delta)::int
    FROM (SELECT o.chain_id, o.expiry_date, o.store_id, o.renewal_state, o.renewal_owner, -1 AS delta FROM old_rows o WHERE NOT o.superseded
          UNION ALL
          SELECT n.chain_id, n.expiry_date, n.store_id, n.renewal_state, n.renewal_owner, 1 FROM new_rows n WHERE NOT n.superseded) d
         CROSS JOIN LATERAL (VALUES (-1), (COALESCE(d.renewal_owner, 0))) k (owner_key)
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (chain_id, owner_key, expiry_date, store_id, state) DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END $$;
CREATE TRIGGER insurance_policy_tallied_insert AFTER INSERT ON insurance_policy REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_policy_tallied_insert();
CREATE TRIGGER insurance_policy_tallied_delete AFTER DELETE ON insurance_policy REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_policy_tallied_delete();
CREATE TRIGGER insurance_policy_tallied_update AFTER UPDATE ON insurance_policy REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_policy_tallied_update();
CREATE FUNCTION insurance_policy_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insurance_renewal_tally;
  RETURN NULL;
END $$;
CREATE TRIGGER insurance_policy_truncated AFTER TRUNCATE ON insurance_policy
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_policy_truncated();
CREATE FUNCTION insurance_renewal_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE insurance_policy SET renewal_state = 'pending', renewal_owner = NULL
   WHERE (renewal_state, renewal_owner) IS DISTINCT FROM ('pending', NULL::integer);
  RETURN NULL;
END $$;
CREATE TRIGGER insurance_renewal_truncated AFTER TRUNCATE ON insurance_renewal
  FOR EACH STATEMENT EXECUTE FUNCTION insurance_renewal_truncated();

-- 3. The page rows in display order (expiry day, id), filterable by store, state and owner from
--    the index alone; replaces 490's current-term index.
DROP INDEX insurance_policy_current;
CREATE INDEX insurance_policy_pipeline ON insurance_policy (chain_id, expiry_date, id)
  INCLUDE (store_id, renewal_state, renewal_owner) WHERE NOT superseded;
