// The placeholder screens of docs/product.md#placeholder-screens, one module so they load together and only when visited.
import { DocumentsPreview } from '../features/previews/components/DocumentsPreview';
import { ProfilePreview } from '../features/previews/components/ProfilePreview';
import { ReportsPreview } from '../features/previews/components/ReportsPreview';
import { SettingsPreview } from '../features/previews/components/SettingsPreview';

export { DocumentsPreview, ProfilePreview, ReportsPreview, SettingsPreview };
