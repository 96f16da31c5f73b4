/** Selection mode on /my-creations and Delete in Image Details: loaded when first needed. (English) */
export default {
  selectAction: 'Select:',
  selectionActions: 'Actions on the selected images',
  selectedCount: '{count, plural, =0 {None selected} one {# selected} other {# selected}}',
  selectAllLoaded: 'Select all loaded',
  downloadZip: 'Download ZIP',
  addToBoard: 'Add to board',
  delete: 'Delete',
  doneSelecting: 'Done',
  cancel: 'Cancel',
  deleteImagesTitle: '{count, plural, one {Delete # image?} other {Delete # images?}}',
  deleteImagesBody:
    '{count, plural, one {The image and its files are removed for good.} other {The # images and their files are removed for good.}} The credits they cost stay in your history.',
  deleteImageTitle: 'Delete this image?',
  deleteImageBody: 'The image and its files are removed for good. The credits it cost stay in your history.',
  deletedImages: '{count, plural, =0 {Already deleted} one {# image deleted} other {# images deleted}}',
  deleteFailed: 'Could not delete',
  zipFailed: 'Could not prepare the ZIP',
};
