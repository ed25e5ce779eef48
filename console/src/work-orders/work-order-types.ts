/** A work order as GET /api/work-orders answers it (api/src/work-orders/work-order-records.ts). */
export interface WorkOrder {
  id: string;
  property_id: string;
  property_name: string;
  timezone: string;
  issue_id: string | null;
  title: string;
  description: string | null;
  vendor_name: string;
  vendor_email: string | null;
  vendor_phone: string | null;
  vendor_link: string;
  link_revoked_at: string | null;
  status: 'open' | 'in_progress' | 'done' | 'approved';
  due_at: string | null;
  cost_limit_cents: number | null;
  cost_cents: number | null;
  awaiting_approval: boolean;
  completion_note: string | null;
  completed_at: string | null;
  approved_at: string | null;
  sent_back_note: string | null;
  created_at: string;
  photos?: { id: string; url: string; thumbnail_url: string }[];
}

/** Cents as the host's locale writes dollars. */
export const formatMoney = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** What "Create work order" on an issue fills in (react-admin's Create reads it from the location state). */
export interface WorkOrderDraft {
  property_id: string;
  issue_id?: string;
  title?: string;
  description?: string;
}
