/** The permission ids live in contracts/ (server and widgets check the same ids). */
export { Permission, type PermissionId } from '../../contracts/permissions';
