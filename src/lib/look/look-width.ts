/** Spec §9: custom look colours only above 1023 px. */
export const LOOK_MIN_WIDTH = 1024;
