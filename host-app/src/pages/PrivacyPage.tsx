import { LegalDocument } from './LegalDocument';
import { privacyLead, privacySections } from './legalTexts';

export default function PrivacyPage() {
  return <LegalDocument title="隐私政策" lead={privacyLead} sections={privacySections} />;
}
