/**
 * A list item's width in the proof lists: the three-column card rows' classes (CardGrid.astro), in a flex row that
 * wraps and centres, so one or two cards sit in the middle rather than leaving an empty column beside them.
 */
export const column = 'flex w-full flex-col md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]';
