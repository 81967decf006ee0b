/**
 * How a content page's blocks are named to analytics: a hero is a promotion (view_promotion, and
 * select_promotion when its link is followed), a product rail a list of items (view_item_list, select_item).
 * By the block's position, which is what the page's editors see.
 */
export const heroPromotionId = (blockIndex: number) => `hero-${blockIndex}`;
export const railListId = (blockIndex: number) => `rail-${blockIndex}`;
