/** Width of the navbar's dropdown menus (the specification's 192 px). */
export const MENU_WIDTH = 192;
