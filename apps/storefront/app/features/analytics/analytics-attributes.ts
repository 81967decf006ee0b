/**
 * The data attributes that tell the analytics which list, product or promotion a click was on (select_item,
 * select_promotion): a list's container names its item_list_id, a card its product id, a promotion its
 * promotion_id, as the page's view_item_list and view_promotion events named them.
 */
export const ANALYTICS_LIST_ATTRIBUTE = "data-analytics-list";
export const ANALYTICS_PRODUCT_ATTRIBUTE = "data-analytics-product";
export const ANALYTICS_PROMOTION_ATTRIBUTE = "data-analytics-promotion";
