export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: string;
}
