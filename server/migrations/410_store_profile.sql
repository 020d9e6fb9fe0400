-- Settings centre, 门店基础信息 (issue 12): the store profile on the garage row, a version so two
-- admins editing the same store cannot silently overwrite each other, and when a store was closed.
-- A closed store is a garage with enabled = false (every store list, scope and selector already
-- leaves those out); its rows stay where they are, so its history keeps its name.

ALTER TABLE garage ADD COLUMN short_name text NOT NULL DEFAULT '';
ALTER TABLE garage ADD COLUMN province text NOT NULL DEFAULT '';
ALTER TABLE garage ADD COLUMN city text NOT NULL DEFAULT '';
ALTER TABLE garage ADD COLUMN district text NOT NULL DEFAULT '';
-- Business hours as 'HH:MM' of the garage's day; closes_at may be '24:00'.
ALTER TABLE garage ADD COLUMN opens_at text NOT NULL DEFAULT '08:30';
ALTER TABLE garage ADD COLUMN closes_at text NOT NULL DEFAULT '18:00';
-- 工位数: service bays (lifts) the store can work on at once.
ALTER TABLE garage ADD COLUMN bays integer NOT NULL DEFAULT 0 CHECK (bays BETWEEN 0 AND 999);
-- 统一社会信用代码 (18 characters, check digit verified by contracts/rules/store.ts), '' = not given.
ALTER TABLE garage ADD COLUMN licence_no text NOT NULL DEFAULT '';
ALTER TABLE garage ADD COLUMN opened_on date;
ALTER TABLE garage ADD COLUMN closed_at timestamptz;
ALTER TABLE garage ADD COLUMN closed_by integer REFERENCES app_user (id);
ALTER TABLE garage ADD COLUMN version integer NOT NULL DEFAULT 1;
