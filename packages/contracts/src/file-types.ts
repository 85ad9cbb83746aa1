/**
 * Data file types of the EU Publications Office's file-type authority table
 * (http://publications.europa.eu/resource/authority/file-type), named as catalogues write them in
 * `dcterms:format` (the seeded catalogue and harvested DCAT-AP sources use these names): `code` is
 * the authority's code, `name` the stored value, `label` what the wizard lists. A committed subset:
 * the formats open-data portals publish most, including every one the seeded catalogue uses that
 * the specification's 20 formats lack. The types the 20 already name (CSV, JSON, XML, HTML, PDF,
 * ZIP, JSON-LD, ...) are not repeated.
 */
export const EU_FILE_TYPES = [
  { code: 'XLSX', name: 'XLSX', label: 'XLSX (Excel)' },
  { code: 'XLS', name: 'XLS', label: 'XLS (Excel 97-2003)' },
  { code: 'ODS', name: 'ODS', label: 'ODS (OpenDocument spreadsheet)' },
  { code: 'TSV', name: 'TSV', label: 'TSV (tab-separated values)' },
  { code: 'PARQUET', name: 'Parquet', label: 'Parquet' },
  { code: 'GEOJSON', name: 'GeoJSON', label: 'GeoJSON' },
  { code: 'SHP', name: 'SHP', label: 'SHP (Shapefile)' },
  { code: 'GML', name: 'GML', label: 'GML (Geography Markup Language)' },
  { code: 'KML', name: 'KML', label: 'KML' },
  { code: 'KMZ', name: 'KMZ', label: 'KMZ' },
  { code: 'GPKG', name: 'GeoPackage', label: 'GeoPackage' },
  { code: 'GEOTIFF', name: 'GeoTIFF', label: 'GeoTIFF' },
  { code: 'WMS_SRVC', name: 'WMS', label: 'WMS (Web Map Service)' },
  { code: 'WMTS_SRVC', name: 'WMTS', label: 'WMTS (Web Map Tile Service)' },
  { code: 'WFS_SRVC', name: 'WFS', label: 'WFS (Web Feature Service)' },
  { code: 'WCS_SRVC', name: 'WCS', label: 'WCS (Web Coverage Service)' },
  { code: 'RDF_XML', name: 'RDF/XML', label: 'RDF/XML' },
  { code: 'RDF_TURTLE', name: 'Turtle', label: 'Turtle (RDF)' },
  { code: 'RDF_N_TRIPLES', name: 'N-Triples', label: 'N-Triples (RDF)' },
  { code: 'NETCDF', name: 'NetCDF', label: 'NetCDF' },
  { code: 'HDF', name: 'HDF', label: 'HDF' },
  { code: 'GRIB', name: 'GRIB', label: 'GRIB' },
  { code: 'TXT', name: 'TXT', label: 'TXT (plain text)' },
  { code: 'JPEG', name: 'JPEG', label: 'JPEG' },
  { code: 'PNG', name: 'PNG', label: 'PNG' },
  { code: 'GZIP', name: 'GZIP', label: 'GZIP' },
  { code: 'TAR', name: 'TAR', label: 'TAR' },
  { code: 'SQL', name: 'SQL', label: 'SQL' },
] as const;

export type TEuFileTypeName = (typeof EU_FILE_TYPES)[number]['name'];
