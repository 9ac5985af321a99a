// The template showcase's words in English and French (added to the dictionaries after sign-in: resources/index.ts).

const en = {
  menu: { products: 'Products' },
  success: { productCreated: 'Product created', productUpdated: 'Product updated' },
  enums: {
    productCategory: {
      Electronics: 'Electronics',
      Home: 'Home',
      Kitchen: 'Kitchen',
      Outdoors: 'Outdoors',
      Apparel: 'Apparel',
      Books: 'Books',
      Toys: 'Toys',
      Beauty: 'Beauty',
    },
    productStatus: { Published: 'Published', Draft: 'Draft', Archived: 'Archived' },
  },
  showcase: {
    sampleData: 'Sample data',
    sampleDataHelp: 'Generated for the template showcase and kept in this browser only; nothing is sent to the server.',
  },
  products: {
    title: 'Products',
    create: 'Create product',
    createTitle: 'Create product',
    editTitle: 'Edit product',
    searchPlaceholder: 'Search by name or SKU',
    skuHelp: 'Three letters, a dash and four digits, e.g. KIT-0042.',
    fields: {
      name: 'Name',
      sku: 'SKU',
      category: 'Category',
      price: 'Price',
      stock: 'Stock',
      status: 'Status',
      shopId: 'Shop',
      description: 'Description',
    },
  },
};

const fr: typeof en = {
  menu: { products: 'Produits' },
  success: { productCreated: 'Produit créé', productUpdated: 'Produit mis à jour' },
  enums: {
    productCategory: {
      Electronics: 'Électronique',
      Home: 'Maison',
      Kitchen: 'Cuisine',
      Outdoors: 'Plein air',
      Apparel: 'Vêtements',
      Books: 'Livres',
      Toys: 'Jouets',
      Beauty: 'Beauté',
    },
    productStatus: { Published: 'Publié', Draft: 'Brouillon', Archived: 'Archivé' },
  },
  showcase: {
    sampleData: "Données d'exemple",
    sampleDataHelp:
      "Générées pour la vitrine du modèle et gardées dans ce navigateur seulement ; rien n'est envoyé au serveur.",
  },
  products: {
    title: 'Produits',
    create: 'Créer un produit',
    createTitle: 'Créer un produit',
    editTitle: 'Modifier le produit',
    searchPlaceholder: 'Rechercher par nom ou UGS',
    skuHelp: 'Trois lettres, un tiret et quatre chiffres, p. ex. KIT-0042.',
    fields: {
      name: 'Nom',
      sku: 'UGS',
      category: 'Catégorie',
      price: 'Prix',
      stock: 'Stock',
      status: 'Statut',
      shopId: 'Boutique',
      description: 'Description',
    },
  },
};

/** The showcase's words by language. */
export const showcaseDictionaries = { en, fr };
