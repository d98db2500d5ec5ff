// The placeholder screens of docs/product.md#placeholder-screens, one module so they load together and only when visited.
import { AbsenceSettings } from '../features/absence/components/AbsenceSettings';
import { InterestsSettings } from '../features/interests/components/InterestsSettings';
import { DocumentsPreview } from '../features/previews/components/DocumentsPreview';
import { ProfilePreview as SampleProfile } from '../features/previews/components/ProfilePreview';
import { SettingsPreview } from '../features/previews/components/SettingsPreview';
import { SignInSecurity } from '../features/signIn/components/SignInSecurity';

/**
 * /profile: the working Out of office section (the header's user menu links to it), then the
 * placeholder profile form with sample values.
 */
export function ProfilePreview() {
  return (
    <SampleProfile
      lead={
        <>
          <AbsenceSettings />
          <SignInSecurity />
          <InterestsSettings />
        </>
      }
    />
  );
}

export { DocumentsPreview, SettingsPreview };
