// The e-commerce sample's resources in menu order, with their words: the showcase's list (showcase/index.ts) has them.
import { addDictionaries } from '../../core/i18n/later';
import type { ResourceDefinition } from '../../ui/resource/definition';
import { customers } from './customers';
import { orders } from './orders';
import { products } from './products';
import { sellers } from './sellers';
import { shops } from './shops';
import words from './words';

// Their menu entries' and screens' words join the dictionaries with them: after sign-in, never on the login page.
addDictionaries(words);

export const SAMPLE_RESOURCES: readonly ResourceDefinition[] = [products, orders, customers, sellers, shops];
