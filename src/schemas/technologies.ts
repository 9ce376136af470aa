/**
 * The technologies a case study can name (its `technologies` field): the platforms and tools the company works with,
 * as the IT outsourcing page lists them, plus the business systems its ERP and data work covers. A writer picks
 * from this list, so the same technology is always written the same way; add a name here when real work needs it.
 */
export const technologies = [
  'AWS',
  'Azure',
  'Google Cloud',
  'Kubernetes',
  'Microsoft 365',
  'Microsoft Dynamics 365',
  'SAP',
  'Oracle',
  'Salesforce',
  'ServiceNow',
  'Power BI',
  'SQL Server',
  'PostgreSQL',
  'Java',
  '.NET',
  'Python',
  'Node.js',
  'React',
  'Angular',
  'VMware',
  'Cisco',
  'Fortinet',
] as const;

/** How the work was bought and run, as the outsourcing pages describe the models. */
export const engagementModels = ['Fixed-price project', 'Dedicated team', 'Managed service', 'Time and materials'] as const;
