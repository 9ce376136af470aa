/**
 * A list item's width in the proof lists: the three-column card rows' classes (CardGrid.astro), in a flex row that
 * wraps and centres, so one or two cards sit in the middle rather than leaving an empty column beside them.
 */
export const column = 'cell-3';
