/**
 * What each permission id of the spec guards (docs/DECISIONS.md, "Permission ids → features").
 * The ids are the server's; the names are ours so routes and menu entries read as features.
 */
export const Permission = {
  customerImport: 5,
  settingsCentre: 6,
  smsMarketing: 11,
  dataAnalytics: 13,
  insurance: 15,
  webPhone: 16,
  mall: 17,
  bigScreen: 18,
} as const;

export type PermissionId = (typeof Permission)[keyof typeof Permission];
