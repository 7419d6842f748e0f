import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '@/app/router';
import { theme } from '@/app/theme';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
