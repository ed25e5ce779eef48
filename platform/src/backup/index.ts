export { backupKey } from './backup-files.ts';
export { configuredBackupSources, writeBackup, type BackupSources } from './backup.ts';
export { type Manifest, readManifest } from './manifest.ts';
export { restoreBackup, RestoreRefused, type RestoreTargets } from './restore.ts';
export { backupsToPrune, newestBackupAt, RETENTION, rotateBackups } from './rotation.ts';
