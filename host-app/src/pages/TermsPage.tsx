import { LegalDocument } from './LegalDocument';
import { termsLead, termsSections } from './legalTexts';

export default function TermsPage() {
  return <LegalDocument title="用户协议" lead={termsLead} sections={termsSections} />;
}
