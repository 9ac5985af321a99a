// The showcase's orders words in English and French (added after sign-in with the orders' definition).

const en = {
  menu: { orders: 'Orders' },
  success: { orderStatusChanged: 'Order status changed' },
  enums: {
    orderStatus: {
      Pending: 'Pending',
      Paid: 'Paid',
      Shipped: 'Shipped',
      Delivered: 'Delivered',
      Cancelled: 'Cancelled',
      Refunded: 'Refunded',
    },
  },
  orders: {
    title: 'Orders',
    searchPlaceholder: 'Search by number, customer or shop',
    number: 'Order {{number}}',
    deleted: 'Deleted',
    fields: {
      number: 'Number',
      customerName: 'Customer',
      shopName: 'Shop',
      placedAt: 'Placed',
      itemCount: 'Items',
      total: 'Total',
      status: 'Status',
      shopId: 'Shop',
    },
    lines: 'Lines',
    linesCaption: 'The products of this order',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    lineTotal: 'Line total',
    timeline: 'Status history',
    changeStatus: 'Change the status',
    newStatus: 'New status',
    apply: 'Apply',
    finalStatus: 'This order has reached a final status: it no longer changes.',
  },
};

const fr: typeof en = {
  menu: { orders: 'Commandes' },
  success: { orderStatusChanged: 'Statut de la commande modifié' },
  enums: {
    orderStatus: {
      Pending: 'En attente',
      Paid: 'Payée',
      Shipped: 'Expédiée',
      Delivered: 'Livrée',
      Cancelled: 'Annulée',
      Refunded: 'Remboursée',
    },
  },
  orders: {
    title: 'Commandes',
    searchPlaceholder: 'Rechercher par numéro, client ou boutique',
    number: 'Commande {{number}}',
    deleted: 'Supprimé',
    fields: {
      number: 'Numéro',
      customerName: 'Client',
      shopName: 'Boutique',
      placedAt: 'Passée le',
      itemCount: 'Articles',
      total: 'Total',
      status: 'Statut',
      shopId: 'Boutique',
    },
    lines: 'Lignes',
    linesCaption: 'Les produits de cette commande',
    product: 'Produit',
    quantity: 'Quantité',
    unitPrice: 'Prix unitaire',
    lineTotal: 'Total de la ligne',
    timeline: 'Historique des statuts',
    changeStatus: 'Changer le statut',
    newStatus: 'Nouveau statut',
    apply: 'Appliquer',
    finalStatus: 'Cette commande a atteint un statut final : elle ne change plus.',
  },
};

/** The orders' words by language. */
export default { en, fr };
