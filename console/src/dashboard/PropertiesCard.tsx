import HomeWorkIcon from '@mui/icons-material/HomeWork';
import {
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link } from 'react-router-dom';
import { paths } from '../layout/navigation.ts';
import type { DashboardData } from '../types.ts';
import { useT } from '../i18n/useT.ts';

/** Up to 3 properties, then 'View All Properties (N)'; the Template Collection never shows. */
export function PropertiesCard({ properties, total }: { properties: DashboardData['properties']; total: number }) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby="your-properties">
      <CardContent>
        <Typography id="your-properties" component="h2" variant="h6" gutterBottom>
          {t('dashboard.yourProperties')}
        </Typography>
        {properties.length === 0 ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('dashboard.noProperties')}
            </Typography>
            <Button variant="contained" component={Link} to={paths.newProperty}>
              {t('dashboard.addProperty')}
            </Button>
          </>
        ) : (
          <>
            <List dense disablePadding>
              {properties.map((property) => (
                <ListItem key={property.id} disablePadding>
                  <ListItemButton component={Link} to={`${paths.properties}/${property.id}`}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <HomeWorkIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={property.name} secondary={property.address} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {total > properties.length && (
              <Button component={Link} to={paths.properties} sx={{ mt: 1 }}>
                {t('dashboard.viewAllProperties', { total })}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
