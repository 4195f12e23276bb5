import { withSecrets, type Area } from '../../http/area.ts';
import { accountRoutes } from './account.routes.ts';
import { profilePhotoRoutes } from './profile-photo.routes.ts';
import { profileRoutes } from './profile.routes.ts';

export const accountArea: Area = { name: 'account', routes: [withSecrets(['codeSecret', 'outboxSealKey'], accountRoutes), profileRoutes, profilePhotoRoutes] };
