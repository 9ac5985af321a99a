// The generic resource screens, loaded together with a resource's list and form.
export { ResourceList } from './ResourceList';
export { ResourceCreate, ResourceEdit } from './ResourceForms';
