-- 短信营销 at 100,000 recipients (issue 15, figures): the campaign's recipients are kept as chunks
-- (arrays, one row per claim-sized batch) until the job claims them, instead of one row each made
-- in the request. The request then writes a few hundred rows, and the job expands each chunk
-- straight into submitting / skipped recipient rows (one write per recipient less).
-- Each recipient's id is taken from sms_recipient's own sequence when the chunk is made, so a
-- recipient not yet expanded is listed (排队中 / 已取消) with the id its row will have.
CREATE TABLE sms_pending (
  campaign_id integer NOT NULL REFERENCES sms_campaign (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  -- Set by a cancel: the chunk's recipients are 已取消 and their credits refunded.
  cancelled boolean NOT NULL DEFAULT false,
  n integer NOT NULL,
  segments_total integer NOT NULL,
  ids integer[] NOT NULL,
  customer_ids integer[] NOT NULL,
  names text[] NOT NULL,
  mobiles text[] NOT NULL,
  texts text[] NOT NULL,
  segments integer[] NOT NULL,
  PRIMARY KEY (campaign_id, seq)
);
