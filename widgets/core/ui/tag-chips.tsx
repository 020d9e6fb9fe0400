/**
 * A customer's tags as small chips: the border in the tag's colour, the text darkened from it to
 * read on white (contracts/rules/tag.ts). Nothing at all when there are no tags. Used by the
 * vehicle panorama and the WeCom customer card; their styles take `tagChipStyles`.
 */
import { tagTextColour } from '../../../contracts/rules/tag';

export interface TagChip {
  id: number | string;
  name: string;
  colour: string;
}

export function TagChips({ tags }: { tags: readonly TagChip[] }) {
  if (tags.length === 0) return null;
  return (
    <div className="tags">
      {tags.map((tag) => (
        <span key={tag.id} className="tag" style={{ color: tagTextColour(tag.colour), borderColor: tag.colour }}>
          {tag.name}
        </span>
      ))}
    </div>
  );
}

export const tagChipStyles = `
.tags { display: flex; flex-wrap: wrap; gap: 4px; }
.tag { padding: 0 6px; border: 1px solid; border-radius: 10px; font-size: 12px; line-height: 18px; }
`;
