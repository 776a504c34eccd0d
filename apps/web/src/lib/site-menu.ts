/**
 * Marks a layer that belongs to the header's folded menu though it is rendered elsewhere (a portal), such as the account
 * menu's list: a press in it does not close the menu (app/shell/site-header.tsx).
 */
export const SITE_MENU_LAYER = 'data-site-menu-layer';
