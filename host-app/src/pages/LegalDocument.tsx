import { useEffect } from 'react';
import { PublicLayout } from './PublicLayout';
import { legalUpdated, type LegalSection } from './legalTexts';
import { messages } from '../messages';

export function LegalDocument({ title, lead, sections }: { title: string; lead: string; sections: LegalSection[] }) {
  useEffect(() => {
    document.title = `${title} - ${messages.brand}`;
  }, [title]);
  return (
    <PublicLayout title={title} lead={lead}>
      <p className="document__meta">{legalUpdated}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
        </section>
      ))}
    </PublicLayout>
  );
}
