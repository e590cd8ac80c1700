/** The drawings share one coordinate space; markers are placed in percent of it. */
export const TRACK_WIDTH = 800;
export const TRACK_HEIGHT = 400;
