// What the studio's pages render only after an action or once there are tasks: the Image Details dialog, the
// edit and upscale tabs' tools and the task cards. One module, so one download: several small lazy modules
// would each split the code they share with the first paint into yet another file that every visit loads.
export { ImageDetailsDialog } from '../details/ImageDetailsDialog.tsx';
export { ReferenceImages } from '../generate/ReferenceImages.tsx';
export { UpscalePanel } from '../generate/UpscalePanel.tsx';
export { TaskGrid } from '../tasks/TaskGrid.tsx';
